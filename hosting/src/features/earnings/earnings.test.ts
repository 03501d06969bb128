import { byMonth, formatCents, monthLabel, toEarning, type EarningsRow } from './earnings';

const row = (overrides: Partial<EarningsRow>): EarningsRow => ({
  booking_id: 1,
  room_id: 7,
  room_title: 'Quiet house',
  guest_name: 'Ada Lovelace',
  start_date: '2026-12-12',
  end_date: '2026-12-15',
  nights: 3,
  amount: 403,
  refunded: 0,
  quote: { service_fee: { percent: 11, local: 33, usd: 33 } } as EarningsRow['quote'],
  cancelled: false,
  ...overrides,
});

describe('earnings', () => {
  it("applies the fee rule to the server's figures", () => {
    expect(toEarning(row({}))).toMatchObject({ amountCents: 40_300, platformFeeCents: 4_410, payoutCents: 35_890, refundedCents: 0 });
    expect(toEarning(row({ refunded: 201.5, cancelled: true }))).toMatchObject({ amountCents: 20_150, platformFeeCents: 2_205, payoutCents: 17_945 });
  });

  it('groups stays by the month of check-in, latest month first, with totals', () => {
    const months = byMonth(
      [row({ booking_id: 3, start_date: '2026-12-20', end_date: '2026-12-23' }), row({}), row({ booking_id: 2, start_date: '2027-01-02', end_date: '2027-01-05' })].map(toEarning),
    );
    expect(months.map((m) => [m.month, m.earnings.map((e) => e.bookingId)])).toEqual([
      ['2027-01', [2]],
      ['2026-12', [1, 3]],
    ]);
    expect(months[1]!.totals).toEqual({ amountCents: 80_600, platformFeeCents: 8_820, payoutCents: 71_780 });
  });

  it('names months and dollars as the page shows them', () => {
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(formatCents(123_456)).toBe('$1,234.56');
  });
});
