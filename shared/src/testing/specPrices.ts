import type { StayQuote } from '../api/roomsApi';

/**
 * The spec's figures for its sample catalogue (rupee prices at 83 to the dollar, a cleaning fee of
 * 70% of a night and a service fee of 11% of the nights, each rounded down): what the tests expect
 * the database's quote_stay() to answer for a catalogue place. A test oracle written from the
 * spec's text, not the rule: the rule is quote_stay alone.
 */
export interface SpecStayTotals {
  nightsSubtotal: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
}

/** A catalogue price's night in whole US dollars: ceil(rupees / 83). */
export function specNightlyUsd(rupees: number): number {
  return Math.ceil(rupees / 83);
}

/** A stay's lines at a nightly dollar rate, as the spec's booking page lists them. */
export function specStayTotals(nightlyUsd: number, nights: number): SpecStayTotals {
  const nightsSubtotal = nightlyUsd * nights;
  const cleaningFee = Math.floor((nightlyUsd * 70) / 100);
  const serviceFee = Math.floor((nightsSubtotal * 11) / 100);
  return { nightsSubtotal, cleaningFee, serviceFee, total: nightsSubtotal + cleaningFee + serviceFee };
}

/** What a stay at a catalogue price costs, in cents. */
export function specChargeCents(rupees: number, nights: number): number {
  return specStayTotals(specNightlyUsd(rupees), nights).total * 100;
}

/** quote_stay()'s answer for a catalogue place at `rupees` a night (INR at 83), for component tests. */
export function specQuote(roomId: number, checkIn: string, checkOut: string, rupees: number): StayQuote {
  const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
  const nightlyUsd = specNightlyUsd(rupees);
  const usd = specStayTotals(nightlyUsd, nights);
  const local = (amount: number) => ({ local: amount * 83, usd: amount });
  return {
    room_id: roomId,
    check_in: checkIn,
    check_out: checkOut,
    nights,
    currency: 'INR',
    charged_currency: 'USD',
    rate: 83,
    nightly: { local: rupees, usd: nightlyUsd },
    nights_total: { local: rupees * nights, usd: usd.nightsSubtotal },
    discount: { kind: null, percent: 0, local: 0, usd: 0 },
    cleaning_fee: local(usd.cleaningFee),
    service_fee: { percent: 11, local: Math.floor((rupees * nights * 11) / 100), usd: usd.serviceFee },
    total: { local: rupees * nights + usd.cleaningFee * 83 + Math.floor((rupees * nights * 11) / 100), usd: usd.total },
    total_cents: usd.total * 100,
  };
}
