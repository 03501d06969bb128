/**
 * The earnings as a CSV file (RFC 4180: comma separated, CRLF line ends, a field with a comma,
 * quote or line break quoted and its quotes doubled), built from the rows the page shows. A
 * guest's name or a place's title is text others chose: a field starting with = + - @ (or a tab
 * or carriage return) would run as a formula in a spreadsheet, so it is prefixed with ' and
 * reads as text.
 */
import { stateText, statusText, type EarningsMonth } from './earnings';

const HEADER = ['Month', 'Check-in', 'Checkout', 'Guest', 'Place', 'Status', 'State', 'Currency', 'Amount paid', 'Platform fee', 'Payout'];

export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Whole cents of the row's currency as a plain decimal: 403.00. */
const amount = (cents: number) => (cents / 100).toFixed(2);

export function earningsCsv(months: readonly EarningsMonth[]): string {
  const rows = [HEADER];
  for (const { month, earnings } of months) {
    for (const e of earnings) {
      rows.push([
        month,
        e.startDate,
        e.endDate,
        e.guestName,
        e.roomTitle,
        statusText(e),
        stateText(e.state),
        e.currency,
        amount(e.amountCents),
        amount(e.platformFeeCents),
        amount(e.payoutCents),
      ]);
    }
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
