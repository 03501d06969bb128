import { describe, expect, it } from 'vitest';
import { earliestCheckIn, isoDayTime, latestCheckOut, MAX_STAY_NIGHTS, nightsBetweenTimes, overlaps, readStayRequest } from './stayBounds';

const day = (iso: string) => isoDayTime(iso) as number;

describe('stay bounds', () => {
  it('reads real calendar days only', () => {
    expect(isoDayTime('2026-12-12')).toBe(Date.UTC(2026, 11, 12));
    expect(isoDayTime('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '26-12-12', '2026-12-12T00:00', '', null, 20261212]) {
      expect(isoDayTime(bad), String(bad)).toBeNull();
    }
  });

  it('counts nights across a change of clocks and of year', () => {
    expect(nightsBetweenTimes(day('2026-03-28'), day('2026-03-30'))).toBe(2);
    expect(nightsBetweenTimes(day('2026-12-30'), day('2027-01-02'))).toBe(3);
    expect(nightsBetweenTimes(day('2026-12-12'), day('2026-12-10'))).toBe(-2);
    expect(MAX_STAY_NIGHTS).toBe(90);
  });

  it('lets anyone on earth check in today and check out by the calendar’s last day', () => {
    const now = new Date(Date.UTC(2026, 10, 26, 6, 0));
    expect(earliestCheckIn(now)).toBe(day('2026-11-25'));
    expect(earliestCheckIn(new Date(Date.UTC(2026, 10, 26, 13, 0)))).toBe(day('2026-11-26'));
    expect(latestCheckOut(now)).toBe(day('2028-09-30'));
  });

  it('treats stays as half-open ranges', () => {
    expect(overlaps('2026-12-10', '2026-12-12', '2026-12-12', '2026-12-14')).toBe(false);
    expect(overlaps('2026-12-10', '2026-12-13', '2026-12-12', '2026-12-14')).toBe(true);
  });
});

describe('readStayRequest', () => {
  const now = new Date(Date.UTC(2026, 10, 26, 6, 0));
  const request = { room_id: 7, check_in: '2026-12-10', check_out: '2026-12-13', adults: 2, children: 1, infants: 0, pets: 1 };

  it('keeps a bookable stay with its nights, and nothing but its own fields', () => {
    expect(readStayRequest({ ...request, status: 'confirmed', user_id: 'someone', numOfDays: 1 }, now)).toEqual({
      stay: request,
      nights: 3,
    });
  });

  it.each([
    ['no object', null, 'invalid_room'],
    ['an array', [request], 'invalid_room'],
    ['a room id that is a string', { ...request, room_id: '7' }, 'invalid_room'],
    ['a huge room id', { ...request, room_id: 1e21 }, 'invalid_room'],
    ['a date that is not a day', { ...request, check_out: '2026-12-32' }, 'invalid_dates'],
    ['a check-in two days ago', { ...request, check_in: '2026-11-24' }, 'dates_in_past'],
    ['reversed dates', { ...request, check_out: '2026-12-09' }, 'dates_reversed'],
    ['a check-out after the calendar', { ...request, check_in: '2028-09-29', check_out: '2028-10-01' }, 'dates_too_far'],
    ['91 nights', { ...request, check_in: '2027-01-01', check_out: '2027-04-02' }, 'stay_too_long'],
    ['no adult', { ...request, adults: 0 }, 'invalid_guests'],
    ['17 people', { ...request, adults: 10, children: 7 }, 'invalid_guests'],
    ['a fraction of a child', { ...request, children: 0.5 }, 'invalid_guests'],
    ['six infants', { ...request, infants: 6 }, 'invalid_guests'],
    ['pets missing', { ...request, pets: undefined }, 'invalid_guests'],
    ['a huge count', { ...request, adults: Number.MAX_SAFE_INTEGER }, 'invalid_guests'],
  ])('refuses %s', (_name, value, code) => {
    const read = readStayRequest(value, now);
    expect('refusal' in read && read.refusal.code).toBe(code);
  });

  it('accepts 90 nights ending on the calendar’s last day', () => {
    expect(readStayRequest({ ...request, check_in: '2028-07-02', check_out: '2028-09-30' }, now)).toMatchObject({ nights: 90 });
  });
});
