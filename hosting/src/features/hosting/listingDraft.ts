/**
 * The listing editor's steps and its form, read from and written to a "Rooms" row. The steps
 * follow issue 16's order; the step is the last segment of the editor's URL
 * (/hosting/:id/edit/:step), so a reload or a shared link opens the same step. What a published
 * place needs is the database's rule (room_is_complete); missingFor repeats it so that the
 * editor can say what is left before the host asks to publish.
 */
import type { Room } from 'shared/api';
import {
  DEFAULT_CANCELLATION_POLICY,
  MAX_NIGHTLY_USD,
  NO_FACTS,
  nightlyUsdAtRate,
  type CancellationPolicy,
  type ListingFacts,
} from 'shared/rules';
import type { Currencies, HostListing, ListingFields } from './api/hostingApi';

export const STEPS = ['category', 'location', 'photos', 'description', 'capacity', 'amenities', 'rules', 'price', 'cancellation', 'publish'] as const;
export type Step = (typeof STEPS)[number];

export const STEP_TITLES: Record<Step, string> = {
  category: 'Which of these best describes your place?',
  location: 'Where is your place?',
  photos: 'Add some photos of your place',
  description: 'Give your place a title and a description',
  capacity: 'How many guests can stay?',
  amenities: 'Tell guests what your place has to offer',
  rules: 'Set your house rules and check-in',
  price: 'Set your nightly price',
  cancellation: 'Choose your cancellation policy',
  publish: 'Review and publish',
};

export function isStep(value: string | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? '');
}

export function nextStep(step: Step): Step | null {
  return STEPS[STEPS.indexOf(step) + 1] ?? null;
}

export function previousStep(step: Step): Step | null {
  return STEPS[STEPS.indexOf(step) - 1] ?? null;
}

export const editPath = (id: number, step: Step) => `/hosting/${id}/edit/${step}`;

/** The whole number a count text starts with ('3 guests' -> 3), or the fallback. */
function countOf(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : fallback;
}

type Money = Pick<HostListing, 'currency' | 'local_price'>;

/**
 * The editor's form for a row, its policy, its price in its currency and its facts (a new place:
 * empty, capacity at its smallest, moderate, no price, no facts).
 */
export function fieldsOf(
  room: Room | null,
  policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY,
  money: Money = { currency: null, local_price: null },
  facts: ListingFacts = NO_FACTS,
): ListingFields {
  return {
    ...facts,
    category: room?.filter ?? '',
    title: room?.['house-title'] ?? '',
    description: room?.house_description ?? '',
    address: room?.house_location ?? '',
    city: room?.city ?? '',
    country: room?.country ?? '',
    lat: room?.lat ?? Number.NaN,
    lng: room?.lng ?? Number.NaN,
    price: Number(money.local_price ?? 0),
    currency: money.currency ?? '',
    cleaning_fee: Number(room?.cleaning_fee ?? 0),
    weekly_discount: room?.weekly_discount ?? 0,
    monthly_discount: room?.monthly_discount ?? 0,
    guests: room ? Math.max(1, room.max_guests) : 1,
    bedrooms: countOf(room?.bedroom_count ?? '', 1),
    beds: countOf(room?.bed_count ?? '', 1),
    baths: countOf(room?.bathroom_count ?? '', 1),
    images: room?.images ?? [],
    cancellation_policy: policy,
  };
}

/** The fields a step saves. */
export function fieldsOfStep(step: Step, fields: ListingFields): Partial<ListingFields> {
  switch (step) {
    case 'category':
      return { category: fields.category };
    case 'location': {
      const located = Number.isFinite(fields.lat) && Number.isFinite(fields.lng);
      return {
        address: fields.address,
        city: fields.city,
        country: fields.country,
        ...(located ? { lat: fields.lat, lng: fields.lng } : {}),
      };
    }
    case 'photos':
      return { images: fields.images };
    case 'description':
      return { title: fields.title, description: fields.description };
    case 'capacity':
      return { guests: fields.guests, bedrooms: fields.bedrooms, beds: fields.beds, baths: fields.baths };
    case 'amenities':
      return { amenities: fields.amenities };
    case 'rules':
      return {
        check_in_from: fields.check_in_from,
        check_in_until: fields.check_in_until,
        checkout_before: fields.checkout_before,
        check_in_method: fields.check_in_method,
        pets_allowed: fields.pets_allowed,
        smoking_allowed: fields.smoking_allowed,
        parties_allowed: fields.parties_allowed,
      };
    case 'price':
      return {
        ...(fields.currency ? { currency: fields.currency } : {}),
        ...(fields.price > 0 ? { price: fields.price } : {}),
        cleaning_fee: fields.cleaning_fee,
        weekly_discount: fields.weekly_discount,
        monthly_discount: fields.monthly_discount,
      };
    case 'cancellation':
      return { cancellation_policy: fields.cancellation_policy };
    case 'publish':
      return {};
  }
}

/** Photos a place showed (or the host uploaded) that its saved list no longer has. */
export function photosDropped(shownBefore: Iterable<string>, saved: readonly string[]): string[] {
  const kept = new Set(saved);
  return [...new Set(shownBefore)].filter((path) => !kept.has(path));
}

/** The steps still missing something a published place needs, in step order. */
export function missingFor(fields: ListingFields): Step[] {
  const missing: Step[] = [];
  if (fields.category === '') missing.push('category');
  if (fields.city === '' || fields.country === '' || !Number.isFinite(fields.lat) || !Number.isFinite(fields.lng)) {
    missing.push('location');
  }
  if (fields.images.length === 0) missing.push('photos');
  if (fields.title.trim() === '' || fields.description.trim() === '') missing.push('description');
  if (fields.price <= 0) missing.push('price');
  return missing;
}

/** The currency the form prices in: the host's choice, else their country's, else US dollars. */
export function currencyOf(fields: ListingFields, currencies: Currencies | undefined): string {
  return fields.currency || currencies?.byCountry[fields.country] || 'USD';
}

/**
 * What guests pay a night for the form's price, in whole dollars (save_listing's rule), or null
 * while the price is not one save_listing takes: a positive whole number worth at most
 * MAX_NIGHTLY_USD. Undefined while the rates load.
 */
export function guestNightlyUsd(fields: ListingFields, currencies: Currencies | undefined): number | null | undefined {
  const perUsd = currencies?.perUsd[currencyOf(fields, currencies)];
  if (perUsd === undefined) return undefined;
  if (!Number.isInteger(fields.price) || fields.price <= 0) return null;
  const usd = nightlyUsdAtRate(fields.price, perUsd);
  return usd <= MAX_NIGHTLY_USD ? usd : null;
}

/** The limits save_listing applies, for the form's own checks. */
export const LIMITS = {
  title: 100,
  description: 5000,
  address: 200,
  guests: [1, 16],
  bedrooms: [0, 50],
  beds: [1, 50],
  baths: [1, 50],
  photos: 20,
} as const;
