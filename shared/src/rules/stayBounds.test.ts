import { describe, expect, it } from 'vitest';
import { earliestCheckIn, isoDayTime, latestCheckOut, MAX_STAY_NIGHTS, nightsBetweenTimes, overlaps } from './stayBounds';

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
