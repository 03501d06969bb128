/**
 * The results page's filters (issue 43): a nightly price range in the US dollars cards show, the
 * type of place, the least bedrooms, beds and bathrooms, the amenities a place must all have and
 * instant book. The server applies them (search_rooms' filter parameters, migration
 * 20261206000200_search_filters.sql); the URL carries them (shared/url).
 */
import type { AmenityKey } from './listingFacts';

/** 'room': a private room (the 'Rooms' category); 'entire': any other, a whole place. */
export type PlaceType = 'entire' | 'room';
export const PLACE_TYPES: readonly PlaceType[] = ['room', 'entire'];

export interface SearchFilters {
  /** Whole US dollars a night, inclusive; null for no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  placeType: PlaceType | null;
  /** At least this many (1-8; 8 means 8+), or null for any. */
  bedrooms: number | null;
  beds: number | null;
  baths: number | null;
  /** Every one of these, in AMENITY_KEYS' order. */
  amenities: AmenityKey[];
  instantBook: boolean;
}

export const NO_FILTERS: SearchFilters = {
  minPrice: null,
  maxPrice: null,
  placeType: null,
  bedrooms: null,
  beds: null,
  baths: null,
  amenities: [],
  instantBook: false,
};

/** The room counts' chips: Any, 1 ... 8+. */
export const MAX_ROOM_FILTER = 8;
/** The price histogram's bands (search_price_histogram): $20 each, the last one $980 and more. */
export const PRICE_BAND_USD = 20;
export const PRICE_BANDS = 50;
/** The price slider's right end: a maximum there is no maximum ('$1,000+'). */
export const PRICE_SLIDER_MAX_USD = PRICE_BAND_USD * PRICE_BANDS;

/** How many filters are on, for the Filters button's badge: the price range counts once, each amenity once. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0) +
    (filters.placeType !== null ? 1 : 0) +
    (filters.bedrooms !== null ? 1 : 0) +
    (filters.beds !== null ? 1 : 0) +
    (filters.baths !== null ? 1 : 0) +
    filters.amenities.length +
    (filters.instantBook ? 1 : 0)
  );
}
