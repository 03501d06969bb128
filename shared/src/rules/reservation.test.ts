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
    ['2026-05-11', '2026-05-12', false, '2026-05-10', 'UPCOMING'],
    ['2026-05-10', '2026-05-12', false, '2026-05-10', 'CURRENT'],
    ['2026-05-08', '2026-05-10', false, '2026-05-10', 'CURRENT'],
    ['2026-05-07', '2026-05-09', false, '2026-05-10', 'PAST'],
    ['2026-05-11', '2026-05-12', true, '2026-05-10', 'CANCELLED'],
    ['2026-05-07', '2026-05-09', true, '2026-05-10', 'CANCELLED'],
  ])('a stay %s to %s (cancelled: %s) seen on %s is %s', (startDate, endDate, cancelled, today, status) => {
    expect(tripStatus({ startDate, endDate, cancelled }, today)).toBe(status);
  });
});
