import { describe, expect, it } from 'vitest';
import { reservationCode, tripStatus } from './reservation';

describe('reservation code', () => {
  it.each([
    ['HM4X2K9-7f3a-41c2', 'HM4X2K9'],
    ['pi_123-abc', 'pi_123'],
    ['NODASH', 'NODASH'],
    ['-leading', ''],
  ])('payment %s has code %s', (id, code) => {
    expect(reservationCode(id)).toBe(code);
  });
});

describe('trip status', () => {
  it.each([
    ['2026-05-12', '2026-05-10', 'UPCOMING'],
    ['2026-05-10', '2026-05-10', 'UPCOMING'],
    ['2026-05-09', '2026-05-10', 'PAST'],
  ])('a stay ending %s seen on %s is %s', (end, today, status) => {
    expect(tripStatus(end, today)).toBe(status);
  });
});
