/**
 * The host's earnings as the page and its CSV show them: each paid stay of the host's places
 * (host_earnings(), the server's figures) with the platform fee and payout of
 * shared/rules' stayEarnings, grouped by the month of check-in with each month's totals.
 */
import type { StayQuote } from 'shared/api';
import { amountInCents, stayEarnings, type IsoDay } from 'shared/rules';

/** A row of host_earnings(), as PostgREST sends it (numerics as numbers). */
export interface EarningsRow {
  booking_id: number;
  room_id: number;
  room_title: string;
  guest_name: string;
  start_date: IsoDay;
  end_date: IsoDay;
  nights: number;
  amount: number;
  refunded: number;
  /** The quote the stay was paid at (its line items), null for a payment without one. */
  quote: StayQuote | null;
  cancelled: boolean;
}

export interface Earning {
  bookingId: number;
  roomTitle: string;
  guestName: string;
  startDate: IsoDay;
  endDate: IsoDay;
  nights: number;
  cancelled: boolean;
  refundedCents: number;
  amountCents: number;
  platformFeeCents: number;
  payoutCents: number;
}

export interface Totals {
  amountCents: number;
  platformFeeCents: number;
  payoutCents: number;
}

export interface EarningsMonth {
  /** yyyy-mm of the stays' check-in. */
  month: string;
  earnings: Earning[];
  totals: Totals;
}

export function toEarning(row: EarningsRow): Earning {
  const chargedCents = amountInCents(Number(row.amount));
  const refundedCents = amountInCents(Number(row.refunded));
  // A payment recorded without its quote: its lines are not known, so all of it is the host's part.
  const split = stayEarnings({ chargedCents, refundedCents, serviceFeeCents: amountInCents(row.quote?.service_fee.usd ?? 0) });
  return {
    bookingId: row.booking_id,
    roomTitle: row.room_title,
    guestName: row.guest_name,
    startDate: row.start_date,
    endDate: row.end_date,
    nights: row.nights,
    cancelled: row.cancelled,
    refundedCents,
    ...split,
  };
}

export function totalsOf(earnings: readonly Earning[]): Totals {
  return earnings.reduce(
    (sum, e) => ({
      amountCents: sum.amountCents + e.amountCents,
      platformFeeCents: sum.platformFeeCents + e.platformFeeCents,
      payoutCents: sum.payoutCents + e.payoutCents,
    }),
    { amountCents: 0, platformFeeCents: 0, payoutCents: 0 },
  );
}

/** The stays by month of check-in, the latest month first, each month's stays in date order. */
export function byMonth(earnings: readonly Earning[]): EarningsMonth[] {
  const months = new Map<string, Earning[]>();
  for (const earning of [...earnings].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.bookingId - b.bookingId)) {
    const month = earning.startDate.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), earning]);
  }
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, list]) => ({ month, earnings: list, totals: totalsOf(list) }));
}

/** A stay's state as the page and the CSV say it. */
export function statusText(earning: Earning): string {
  if (!earning.cancelled) return 'Confirmed';
  return earning.refundedCents > 0 ? 'Cancelled, partly refunded' : 'Cancelled, not refunded';
}

/** 'December 2026' of '2026-12'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Cents as the page shows them: '$1,234.50'. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
