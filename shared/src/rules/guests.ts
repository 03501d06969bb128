/**
 * Guest counts: limits, the counters' increase/decrease rules and the texts built from them.
 * Counters never mutate; every change returns new counts.
 */
import { MAX_ADULTS_AND_CHILDREN, MAX_INFANTS, MAX_PETS, MIN_ADULTS } from './constants';

export const GUEST_KINDS = ['adults', 'children', 'infants', 'pets'] as const;
export type GuestKind = (typeof GUEST_KINDS)[number];

export interface GuestCounts {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

export const NO_GUESTS: GuestCounts = { adults: 0, children: 0, infants: 0, pets: 0 };

/** The guest panel's row titles and the age line under each (pets have none). */
export const GUEST_ROW_LABELS: Readonly<Record<GuestKind, { title: string; ageLabel: string | null }>> = {
  adults: { title: 'Adults', ageLabel: 'Age 13 or above' },
  children: { title: 'Children', ageLabel: 'Ages 2-12' },
  infants: { title: 'Infants', ageLabel: 'Under 2' },
  pets: { title: 'Pets', ageLabel: null },
};

/** A party that books a stay: at least one adult, even before anyone is counted. */
export function partyOf(counts: GuestCounts): GuestCounts {
  return counts.adults >= MIN_ADULTS ? counts : { ...counts, adults: MIN_ADULTS };
}

/** Adults plus children: the people counted against the 16 limit and in "n guests". */
export function countedGuests(counts: GuestCounts): number {
  return counts.adults + counts.children;
}

export function canIncrease(counts: GuestCounts, kind: GuestKind): boolean {
  switch (kind) {
    case 'adults':
    case 'children':
      // Adding the first child also adds the adult, so it needs room for two.
      return (
        countedGuests(counts) + (kind === 'children' && counts.adults === 0 ? 2 : 1) <= MAX_ADULTS_AND_CHILDREN
      );
    case 'infants':
      return counts.infants < MAX_INFANTS;
    case 'pets':
      return counts.pets < MAX_PETS;
  }
}

/** Adults cannot go below 1 (the control is disabled at 1); the others stop at 0. */
export function canDecrease(counts: GuestCounts, kind: GuestKind): boolean {
  return kind === 'adults' ? counts.adults > MIN_ADULTS : counts[kind] > 0;
}

/**
 * One more of `kind`. Adding a child, infant or pet while there is no adult also adds one
 * adult, so a party is never without an adult. Beyond a limit the counts are returned as they
 * were.
 */
export function increaseGuest(counts: GuestCounts, kind: GuestKind): GuestCounts {
  if (!canIncrease(counts, kind)) return counts;
  const next = { ...counts, [kind]: counts[kind] + 1 };
  if (kind !== 'adults' && next.adults === 0) next.adults = MIN_ADULTS;
  return next;
}

/** One fewer of `kind`, unless the control is at its minimum. */
export function decreaseGuest(counts: GuestCounts, kind: GuestKind): GuestCounts {
  if (!canDecrease(counts, kind)) return counts;
  return { ...counts, [kind]: counts[kind] - 1 };
}

/** The number a counter shows: adults read '16+' at the limit. */
export function guestCountText(counts: GuestCounts, kind: GuestKind): string {
  const value = counts[kind];
  return kind === 'adults' && value >= MAX_ADULTS_AND_CHILDREN ? `${MAX_ADULTS_AND_CHILDREN}+` : String(value);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The search bar's guest summary: 'Add guest' with nobody, else '{n} guest(s)' for adults plus
 * children, followed by infants and pets when there are any: '3 guests, 1 infant, 2 pets'.
 */
export function guestSummary(counts: GuestCounts): string {
  const people = countedGuests(counts);
  if (people === 0) return 'Add guest';
  const parts = [plural(people, 'guest')];
  if (counts.infants > 0) parts.push(plural(counts.infants, 'infant'));
  if (counts.pets > 0) parts.push(plural(counts.pets, 'pet'));
  return parts.join(', ');
}

/** The booking page's guest line: a booking is for at least one guest, so 0 reads '1 guest'. */
export function checkoutGuestLabel(guestCount: number): string {
  return plural(Math.max(guestCount, 1), 'guest');
}
