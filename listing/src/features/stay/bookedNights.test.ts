import type { BookedRange } from 'shared/rules';
import { firstBookedNightFrom, isBookedNight, isUnavailableDay } from './bookedNights';

const booked: BookedRange[] = [
  { start: '2027-03-10', end: '2027-03-13' },
  { start: '2027-03-20', end: '2027-03-22' },
];

describe('booked nights', () => {
  it('counts the nights from start up to the night before end as booked', () => {
    expect(isBookedNight('2027-03-09', booked)).toBe(false);
    expect(isBookedNight('2027-03-10', booked)).toBe(true);
    expect(isBookedNight('2027-03-12', booked)).toBe(true);
    expect(isBookedNight('2027-03-13', booked)).toBe(false);
  });

  it('finds the first booked night on or after a day', () => {
    expect(firstBookedNightFrom('2027-03-01', booked)).toBe('2027-03-10');
    expect(firstBookedNightFrom('2027-03-11', booked)).toBe('2027-03-11');
    expect(firstBookedNightFrom('2027-03-13', booked)).toBe('2027-03-20');
    expect(firstBookedNightFrom('2027-03-22', booked)).toBeNull();
  });

  it('does not let a booked night be chosen as check-in', () => {
    const none = { start: null, end: null };
    expect(isUnavailableDay('2027-03-11', none, booked)).toBe(true);
    expect(isUnavailableDay('2027-03-13', none, booked)).toBe(false);
  });

  it('lets a stay end on the first booked night but not run past it', () => {
    const checkIn = { start: '2027-03-05', end: null };
    expect(isUnavailableDay('2027-03-10', checkIn, booked)).toBe(false);
    expect(isUnavailableDay('2027-03-11', checkIn, booked)).toBe(true);
    expect(isUnavailableDay('2027-03-25', checkIn, booked)).toBe(true);
  });

  it('keeps free days before a waiting check-in available and booked ones not', () => {
    const checkIn = { start: '2027-03-15', end: null };
    expect(isUnavailableDay('2027-03-14', checkIn, booked)).toBe(false);
    expect(isUnavailableDay('2027-03-12', checkIn, booked)).toBe(true);
    expect(isUnavailableDay('2027-03-20', checkIn, booked)).toBe(false);
    expect(isUnavailableDay('2027-03-21', checkIn, booked)).toBe(true);
  });
});
