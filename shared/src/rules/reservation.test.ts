import { describe, expect, it } from 'vitest';
import { requestDeadlineText, reservationCode, tripStatus } from './reservation';

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

describe('the state of a booking on request', () => {
  it.each([
    ['requested', 'REQUESTED'],
    ['declined', 'DECLINED'],
    ['expired', 'EXPIRED'],
    ['cancelled', 'CANCELLED'],
    ['confirmed', 'UPCOMING'],
  ] as const)('a %s booking is %s', (state, status) => {
    expect(tripStatus({ startDate: '2027-01-10', endDate: '2027-01-12', cancelled: false, state }, '2027-01-01')).toBe(status);
  });

  it('names the time the host has to answer', () => {
    expect(requestDeadlineText('2027-01-02T10:30:00Z')).toMatch(/^Requested: the host has until 2 Jan, \d\d:\d\d to answer$/);
  });
});
