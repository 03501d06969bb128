/**
 * A listing's facts (issue 29: only true facts): the amenities, house rules and check-in its host
 * entered, and what its data says of the host. The listing page shows these and leaves out what
 * is unset. The vocabularies are the database's twins (private.amenity_keys and
 * private.check_in_methods, migration 20261128000200_listing_facts.sql; a backend test compares
 * them). The seed catalogue holds the spec's fixed texts as such data.
 */

/** The amenities a host may list, in the order the listing page shows them, with their names. */
export const AMENITY_NAMES = {
  kitchen: 'Kitchen',
  wifi: 'WiFi',
  free_street_parking: 'Free on-street parking',
  private_hot_tub: 'Private hot tub',
  tv: 'TV',
  lift: 'Lift',
  air_conditioning: 'Air conditioning',
  heating: 'Heating',
  washer: 'Washer',
  dryer: 'Dryer',
  workspace: 'Dedicated workspace',
  free_parking: 'Free parking on premises',
  pool: 'Pool',
  carbon_monoxide_alarm: 'Carbon monoxide alarm',
  smoke_alarm: 'Smoke alarm',
} as const;
export type AmenityKey = keyof typeof AMENITY_NAMES;
export const AMENITY_KEYS = Object.keys(AMENITY_NAMES) as AmenityKey[];

/** The alarms a place without them shows struck through (the spec's unavailable amenities). */
export const SAFETY_AMENITIES: readonly AmenityKey[] = ['carbon_monoxide_alarm', 'smoke_alarm'];

export const CHECK_IN_METHODS = ['keypad', 'lockbox', 'smart_lock', 'building_staff', 'host'] as const;
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/** How each check-in method is named in the editor. */
export const CHECK_IN_METHOD_NAMES: Record<CheckInMethod, string> = {
  keypad: 'Keypad',
  lockbox: 'Lockbox',
  smart_lock: 'Smart lock',
  building_staff: 'Building staff',
  host: 'I greet guests in person',
};

export interface ListingFacts {
  amenities: AmenityKey[];
  /** Whole hours, 'HH:00', or null when unset. */
  check_in_from: string | null;
  check_in_until: string | null;
  checkout_before: string | null;
  pets_allowed: boolean | null;
  smoking_allowed: boolean | null;
  parties_allowed: boolean | null;
  check_in_method: CheckInMethod | null;
}

export const NO_FACTS: ListingFacts = {
  amenities: [],
  check_in_from: null,
  check_in_until: null,
  checkout_before: null,
  pets_allowed: null,
  smoking_allowed: null,
  parties_allowed: null,
  check_in_method: null,
};

/** What the data says of a listing's host; null where it says nothing. */
export interface HostFigures {
  /** The day the host began hosting (ISO date). */
  hosting_since: string | null;
  reviews: number;
  rating: number | null;
  /** Percent. */
  response_rate: number | null;
  /** 'within an hour'. */
  response_time: string | null;
}

/** listing_facts(): the facts, the share of five-star location ratings, and the host's figures. */
export interface ListingFactsRead extends ListingFacts {
  location_five_star_percent: number | null;
  host: HostFigures;
}

interface ShownAmenity {
  name: string;
  /** Unavailable amenities are shown struck through. */
  available: boolean;
}

/**
 * "What this place offers": the listed amenities in order, 'Pets allowed' after the hot tub when
 * the house rules allow pets (where the spec shows it), then each alarm the place does not list,
 * struck through.
 */
export function shownAmenities(facts: Pick<ListingFacts, 'amenities' | 'pets_allowed'>): ShownAmenity[] {
  const listed = new Set(facts.amenities);
  const shown: ShownAmenity[] = [];
  for (const key of AMENITY_KEYS) {
    if (listed.has(key)) shown.push({ name: AMENITY_NAMES[key], available: true });
    if (key === 'private_hot_tub' && facts.pets_allowed === true) shown.push({ name: 'Pets allowed', available: true });
  }
  for (const key of SAFETY_AMENITIES) {
    if (!listed.has(key)) shown.push({ name: AMENITY_NAMES[key], available: false });
  }
  return shown;
}

/** '14:00' -> '2:00 pm', '12:00' -> '12:00 pm', '00:00' -> '12:00 am'. */
export function formatHour(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** 'Check-in: 2:00 pm - 9:00 pm', 'Check-in after 3:00 pm', or null when unset. */
export function checkInText(facts: Pick<ListingFacts, 'check_in_from' | 'check_in_until'>): string | null {
  if (!facts.check_in_from) return null;
  if (!facts.check_in_until) return `Check-in after ${formatHour(facts.check_in_from)}`;
  return `Check-in: ${formatHour(facts.check_in_from)} - ${formatHour(facts.check_in_until)}`;
}

/** 'Checkout before 12:00 pm', or null when unset. */
export function checkoutText(facts: Pick<ListingFacts, 'checkout_before'>): string | null {
  return facts.checkout_before ? `Checkout before ${formatHour(facts.checkout_before)}` : null;
}

const allowedText = (allowed: boolean | null, yes: string, no: string) => (allowed === null ? null : allowed ? yes : no);

/** The house rules: what the host set, and the guest maximum (the place's capacity). */
export function houseRules(facts: ListingFacts, maxGuests: number): string[] {
  return [
    checkInText(facts),
    `${maxGuests} ${maxGuests === 1 ? 'guest' : 'guests'} maximum`,
    checkoutText(facts),
    allowedText(facts.pets_allowed, 'Pets allowed', 'No pets'),
    allowedText(facts.smoking_allowed, 'Smoking allowed', 'No smoking'),
    allowedText(facts.parties_allowed, 'Parties or events allowed', 'No parties or events'),
  ].filter((line): line is string => line !== null);
}

/** The check-in highlight of a method (the spec's is the keypad's). */
export function checkInHighlight(method: CheckInMethod): { title: string; text: string } {
  switch (method) {
    case 'keypad':
      return { title: 'Self check-in', text: 'Check yourself in with the keypad.' };
    case 'lockbox':
      return { title: 'Self check-in', text: 'Check yourself in with the lockbox.' };
    case 'smart_lock':
      return { title: 'Self check-in', text: 'Check yourself in with the smart lock.' };
    case 'building_staff':
      return { title: 'Self check-in', text: 'Check yourself in with the building staff.' };
    case 'host':
      return { title: 'Check-in with your host', text: 'Your host meets you to let you in.' };
  }
}

/** '95% of recent guests gave the location a 5-star rating.' */
export const locationHighlightText = (percent: number) => `${percent}% of recent guests gave the location a 5-star rating.`;

/**
 * How long the host has hosted on a day: '6 years hosting', '1 month hosting', or null under a
 * month (nothing to state yet).
 */
export function hostingDurationText(since: string | null, today: string): string | null {
  if (!since) return null;
  const [y1, m1, d1] = since.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  if (months >= 12) {
    const years = Math.floor(months / 12);
    return `${years} ${years === 1 ? 'year' : 'years'} hosting`;
  }
  if (months >= 1) return `${months} ${months === 1 ? 'month' : 'months'} hosting`;
  return null;
}
