import { describe, expect, it } from 'vitest';
import { isTripComplete, stayRequestOf, tripGuestLabel, type Trip } from './trip';

const trip = (start: string | null, end: string | null, adults = 2, children = 0): Trip => ({
  range: { start, end },
  guests: { adults, children, infants: 0, pets: 0 },
});

describe('the trip being booked', () => {
  it('is complete with both dates, at least one night and a guest', () => {
    expect(isTripComplete(trip('2030-01-02', '2030-01-05'))).toBe(true);
    expect(isTripComplete(trip('2030-01-02', null))).toBe(false);
    expect(isTripComplete(trip('2030-01-02', '2030-01-02'))).toBe(false);
    expect(isTripComplete(trip('2030-01-02', '2030-01-05', 0, 0))).toBe(false);
  });

  it("reads '1 guest' when nobody is counted", () => {
    expect(tripGuestLabel(trip(null, null, 0))).toBe('1 guest');
    expect(tripGuestLabel(trip(null, null, 2, 1))).toBe('3 guests');
  });

  it('is sent as one stay request: the room, the dates and every guest count', () => {
    const complete = trip('2030-01-02', '2030-01-05', 2, 1);
    if (!isTripComplete(complete)) throw new Error('the trip is complete');
    expect(stayRequestOf(52, complete)).toEqual({
      room_id: 52,
      check_in: '2030-01-02',
      check_out: '2030-01-05',
      adults: 2,
      children: 1,
      infants: 0,
      pets: 0,
    });
  });
});
