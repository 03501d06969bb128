import { byMonth, formatMoney, monthLabel, stateText, statusText, toEarning, type EarningsRow } from './earnings';

const row = (overrides: Partial<EarningsRow>): EarningsRow => ({
  booking_id: 1,
  room_id: 7,
  room_title: 'Quiet house',
  guest_name: 'Ada Lovelace',
  start_date: '2026-12-12',
  end_date: '2026-12-15',
  nights: 3,
  cancelled: false,
  currency: 'EUR',
  amount_cents: 40_300,
  refunded_cents: 0,
  platform_fee_cents: 4_410,
  payout_cents: 35_890,
  state: 'upcoming',
  paid_at: null,
  ...overrides,
});

describe('earnings', () => {
  it("takes the server's figures and states as they are", () => {
    expect(toEarning(row({}))).toMatchObject({ currency: 'EUR', amountCents: 40_300, platformFeeCents: 4_410, payoutCents: 35_890, state: 'upcoming' });
    expect(statusText(toEarning(row({ cancelled: true, refunded_cents: 20_150 })))).toBe('Cancelled, partly refunded');
    expect(['upcoming', 'available', 'paid'].map((s) => stateText(s as EarningsRow['state']))).toEqual(['Upcoming', 'Available', 'Paid']);
  });

  it('groups stays by the month of check-in, latest month first, with totals per currency', () => {
    const months = byMonth(
      [
        row({ booking_id: 3, start_date: '2026-12-20', end_date: '2026-12-23' }),
        row({}),
        row({ booking_id: 4, start_date: '2026-12-22', end_date: '2026-12-23', currency: 'USD', amount_cents: 10_000, platform_fee_cents: 1_000, payout_cents: 9_000 }),
        row({ booking_id: 2, start_date: '2027-01-02', end_date: '2027-01-05' }),
      ].map(toEarning),
    );
    expect(months.map((m) => [m.month, m.earnings.map((e) => e.bookingId)])).toEqual([
      ['2027-01', [2]],
      ['2026-12', [1, 3, 4]],
    ]);
    expect(months[1]!.totals).toEqual([
      { currency: 'EUR', amountCents: 80_600, platformFeeCents: 8_820, payoutCents: 71_780 },
      { currency: 'USD', amountCents: 10_000, platformFeeCents: 1_000, payoutCents: 9_000 },
    ]);
  });

  it('names months and amounts as the page shows them', () => {
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(29_600, 'EUR')).toBe('€296.00');
  });
});
