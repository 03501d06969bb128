import { specChargeCents, specStayTotals } from '../testing/specPrices';
import { HOST_FEE_PERCENT, stayEarnings } from './earnings';

describe('stayEarnings', () => {
  // $100 a night, 3 nights: $300 + $70 cleaning + $33 service fee = $403.
  const stay = { chargedCents: 40_300, refundedCents: 0, serviceFeeCents: 3_300 };

  it("takes the traveller's service fee and 3% of the nights and cleaning; the host gets the rest", () => {
    expect(HOST_FEE_PERCENT).toBe(3);
    expect(stayEarnings(stay)).toEqual({ amountCents: 40_300, platformFeeCents: 3_300 + 1_110, payoutCents: 35_890 });
  });

  it('a half refund halves the amount, the fee and the payout', () => {
    expect(stayEarnings({ ...stay, refundedCents: 20_150 })).toEqual({ amountCents: 20_150, platformFeeCents: 2_205, payoutCents: 17_945 });
  });

  it('a full refund earns nothing', () => {
    expect(stayEarnings({ ...stay, refundedCents: 40_300 })).toEqual({ amountCents: 0, platformFeeCents: 0, payoutCents: 0 });
  });

  it('fee and payout always add up to the amount, in whole cents, the fee never more than the charge', () => {
    for (const nightlyUsd of [1, 7, 99, 101, 1234]) {
      for (const nights of [1, 2, 5, 14]) {
        const chargedCents = specChargeCents(nightlyUsd * 83, nights);
        const serviceFeeCents = specStayTotals(nightlyUsd, nights).serviceFee * 100;
        for (const refundedCents of [0, Math.floor(chargedCents / 2), chargedCents]) {
          const e = stayEarnings({ chargedCents, refundedCents, serviceFeeCents });
          expect(e.platformFeeCents + e.payoutCents).toBe(e.amountCents);
          expect(Number.isInteger(e.platformFeeCents) && e.platformFeeCents >= 0).toBe(true);
          expect(e.payoutCents).toBeGreaterThan(e.amountCents * 0.8 - 1);
        }
      }
    }
  });

  it('a charge below its lines (an older payment) keeps the fee within it', () => {
    expect(stayEarnings({ chargedCents: 1_000, refundedCents: 0, serviceFeeCents: 3_300 })).toEqual({
      amountCents: 1_000,
      platformFeeCents: 1_000,
      payoutCents: 0,
    });
  });

  it('refuses refunds beyond the charge and fractions of a cent', () => {
    expect(() => stayEarnings({ ...stay, refundedCents: 40_301 })).toThrow(RangeError);
    expect(() => stayEarnings({ ...stay, chargedCents: 10.5 })).toThrow(RangeError);
  });
});
