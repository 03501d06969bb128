/**
 * What a stay earns its host (issue 29), split-fee as on the large marketplaces: the traveller
 * pays the booking page's total, whose 11% service fee is the platform's; the host pays a host
 * fee of 3% of the rest (the nights and the cleaning fee); the host's payout is what is left.
 * A cancelled stay that kept part of its charge earns in proportion. The database computes it
 * (private.stay_earnings, migration 20261206000600_host_payouts.sql: host_earnings() and the
 * payouts read it); this is the rule in words for the earnings page.
 */
import { CHECKOUT_SERVICE_FEE_PERCENT } from './pricing';

/** The host's share of the platform fee: percent of the nights and the cleaning fee (as private.stay_earnings has it). */
const HOST_FEE_PERCENT = 3;

/** The rule in words, as the earnings page states it. */
export const EARNINGS_FEE_TEXT = `Platform fee: the traveller's ${CHECKOUT_SERVICE_FEE_PERCENT}% service fee and a ${HOST_FEE_PERCENT}% host fee on the nights and cleaning.`;
