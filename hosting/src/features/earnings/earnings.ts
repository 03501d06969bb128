/**
 * The host's earnings as the page and its CSV show them: each paid stay of the host's places as
 * host_earnings() gives it (the database's figures in the listing's currency, from the booking's
 * stored quote: what the traveller kept paying, the platform fee, the host's payout, and its
 * state: upcoming, available from the day after check-in, paid once a payout holds it), grouped
 * by the month of check-in with each month's totals per currency.
 */
import type { IsoDay } from 'shared/rules';

export type EarningState = 'upcoming' | 'available' | 'paid';

/** A row of host_earnings(), as PostgREST sends it. */
export interface EarningsRow {
  booking_id: number;
  room_id: number;
  room_title: string;
  guest_name: string;
  start_date: IsoDay;
  end_date: IsoDay;
  nights: number;
  cancelled: boolean;
  /** The listing's currency, in which every amount below is given, in whole cents. */
  currency: string;
  amount_cents: number;
  refunded_cents: number;
  platform_fee_cents: number;
  payout_cents: number;
  state: EarningState;
  paid_at: string | null;
}

export interface Earning {
  bookingId: number;
  roomTitle: string;
  guestName: string;
  startDate: IsoDay;
  endDate: IsoDay;
  nights: number;
  cancelled: boolean;
  currency: string;
  refundedCents: number;
  amountCents: number;
  platformFeeCents: number;
  payoutCents: number;
  state: EarningState;
}

export interface Totals {
  currency: string;
  amountCents: number;
  platformFeeCents: number;
  payoutCents: number;
}

export interface EarningsMonth {
  /** yyyy-mm of the stays' check-in. */
  month: string;
  earnings: Earning[];
  /** One a currency the month's stays were paid in (a host's places usually share one). */
  totals: Totals[];
}

export function toEarning(row: EarningsRow): Earning {
  return {
    bookingId: row.booking_id,
    roomTitle: row.room_title,
    guestName: row.guest_name,
    startDate: row.start_date,
    endDate: row.end_date,
    nights: row.nights,
    cancelled: row.cancelled,
    currency: row.currency,
    refundedCents: row.refunded_cents,
    amountCents: row.amount_cents,
    platformFeeCents: row.platform_fee_cents,
    payoutCents: row.payout_cents,
    state: row.state,
  };
}

export function totalsOf(earnings: readonly Earning[]): Totals[] {
  const byCurrency = new Map<string, Totals>();
  for (const e of earnings) {
    const sum = byCurrency.get(e.currency) ?? { currency: e.currency, amountCents: 0, platformFeeCents: 0, payoutCents: 0 };
    byCurrency.set(e.currency, {
      currency: e.currency,
      amountCents: sum.amountCents + e.amountCents,
      platformFeeCents: sum.platformFeeCents + e.platformFeeCents,
      payoutCents: sum.payoutCents + e.payoutCents,
    });
  }
  return [...byCurrency.values()];
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

/** A stay's booking as the page and the CSV say it. */
export function statusText(earning: Earning): string {
  if (!earning.cancelled) return 'Confirmed';
  return earning.refundedCents > 0 ? 'Cancelled, partly refunded' : 'Cancelled, not refunded';
}

/** Its payout's state: 'Upcoming', 'Available', 'Paid'. */
export function stateText(state: EarningState): string {
  return state === 'paid' ? 'Paid' : state === 'available' ? 'Available' : 'Upcoming';
}

/** 'December 2026' of '2026-12'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Cents of a currency as the page shows them: '$1,234.50', '€296.00'. */
export function formatMoney(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
