import { describe, expect, it } from 'vitest';
import { cancellationPolicyText, cancellationTerms, isCancellationPolicy, type CancellationPolicy } from './cancellation';

const BOOKED = new Date('2026-05-01T10:00:00Z');
const hoursAfter = (hours: number) => new Date(BOOKED.getTime() + hours * 60 * 60 * 1000);

function terms(policy: CancellationPolicy, now: Date, startDate = '2026-06-01', chargedCents = 40_301) {
  return cancellationTerms({ policy, chargedCents, bookedAt: BOOKED, startDate, now });
}

describe('cancellation terms', () => {
  it.each(['flexible', 'moderate', 'strict'] as const)('%s refunds in full within 48 hours of booking', (policy) => {
    expect(terms(policy, hoursAfter(0))).toEqual({ cancellable: true, refundCents: 40_301, refund: 'full' });
    expect(terms(policy, hoursAfter(47.99))).toEqual({ cancellable: true, refundCents: 40_301, refund: 'full' });
  });

  it('after 48 hours, flexible still refunds in full, moderate half (cents rounded down), strict nothing', () => {
    expect(terms('flexible', hoursAfter(48))).toEqual({ cancellable: true, refundCents: 40_301, refund: 'full' });
    expect(terms('moderate', hoursAfter(48))).toEqual({ cancellable: true, refundCents: 20_150, refund: 'partial' });
    expect(terms('strict', hoursAfter(48))).toEqual({ cancellable: true, refundCents: 0, refund: 'none' });
  });

  it('a trip cannot be cancelled from its check-in day (UTC) on, even within 48 hours of booking', () => {
    expect(terms('flexible', new Date('2026-05-01T23:59:59Z'), '2026-05-02').cancellable).toBe(true);
    expect(terms('flexible', new Date('2026-05-02T00:00:00Z'), '2026-05-02')).toEqual({ cancellable: false, reason: 'stay_started' });
    expect(terms('moderate', hoursAfter(1), '2026-05-01')).toEqual({ cancellable: false, reason: 'stay_started' });
  });

  it('refuses a charge that is not whole cents', () => {
    expect(() => terms('moderate', hoursAfter(1), '2026-06-01', 10.5)).toThrow(RangeError);
    expect(() => terms('moderate', hoursAfter(1), '2026-06-01', -1)).toThrow(RangeError);
  });
});

describe('cancellation policies', () => {
  it('knows exactly the three policies', () => {
    expect(['flexible', 'moderate', 'strict'].every(isCancellationPolicy)).toBe(true);
    expect(isCancellationPolicy('none')).toBe(false);
    expect(isCancellationPolicy(undefined)).toBe(false);
  });

  it('the default policy says what the listing page says: free cancellation for 48 hours', () => {
    expect(cancellationPolicyText('moderate')).toEqual({
      title: 'Free cancellation for 48 hours',
      terms: 'Cancel within 48 hours of booking for a full refund. After that, cancel before check-in for a 50% refund.',
    });
    expect(cancellationPolicyText('strict').terms).toMatch(/non-refundable/);
    expect(cancellationPolicyText('flexible').terms).toBe('Cancel any time before check-in for a full refund.');
  });
});
