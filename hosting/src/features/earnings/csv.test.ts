import { earningsCsv, csvField } from './csv';
import { byMonth, type Earning } from './earnings';

const earning = (overrides: Partial<Earning>): Earning => ({
  bookingId: 1,
  roomTitle: 'Quiet house',
  guestName: 'Ada Lovelace',
  startDate: '2026-12-12',
  endDate: '2026-12-15',
  nights: 3,
  cancelled: false,
  currency: 'EUR',
  state: 'paid',
  refundedCents: 0,
  amountCents: 40_300,
  platformFeeCents: 4_410,
  payoutCents: 35_890,
  ...overrides,
});

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('House, by the sea')).toBe('"House, by the sea"');
    expect(csvField('The "Nest"')).toBe('"The ""Nest"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('makes text that a spreadsheet would run as a formula read as text', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('earningsCsv', () => {
  it('has a header, then one line per stay, month by month, with its state and currency, amounts with cents', () => {
    const months = byMonth([
      earning({}),
      earning({ bookingId: 2, startDate: '2027-01-03', endDate: '2027-01-05', guestName: '=cmd', cancelled: true, state: 'upcoming', currency: 'USD', refundedCents: 10_050, amountCents: 10_050, platformFeeCents: 1_100, payoutCents: 8_950 }),
    ]);
    expect(earningsCsv(months)).toBe(
      [
        'Month,Check-in,Checkout,Guest,Place,Status,State,Currency,Amount paid,Platform fee,Payout',
        "2027-01,2027-01-03,2027-01-05,'=cmd,Quiet house,\"Cancelled, partly refunded\",Upcoming,USD,100.50,11.00,89.50",
        '2026-12,2026-12-12,2026-12-15,Ada Lovelace,Quiet house,Confirmed,Paid,EUR,403.00,44.10,358.90',
        '',
      ].join('\r\n'),
    );
  });
});
