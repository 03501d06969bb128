/**
 * The search's 90% letter rule (discovery spec section 5).
 *
 * A listing's text is its city, country and house-title joined, reduced to letters. The
 * search text is the region, or the typed destination when the region is 'all', reduced the
 * same way. A listing matches when at least 90% of the search's letters, counted with
 * multiplicity, can be found in the listing's letters: each letter of the listing text can
 * account for one letter of the search (so 'ss' needs two s's).
 *
 * Text is reduced to letters as the database's `search_letters` does: Unicode canonical
 * decomposition (so 'ü' becomes 'u' plus a combining mark and 'Zürich' reads 'zurich'), then
 * lower case, then everything but a-z removed. The database's search function implements this
 * same rule; the tests beside this file are its reference cases.
 */
import { REGION_ALL, SEARCH_MATCH_THRESHOLD } from './constants';

/** The listing fields the rule reads (a Rooms row or the allRows cache entry). */
export interface SearchableListing {
  city: string | null;
  country: string | null;
  'house-title': string | null;
}

/** Letters a-z only, accents dropped, lower-cased: 'São Paulo, Brazil!' -> 'saopaulobrazil'. */
export function lettersOnly(text: string): string {
  return text.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');
}

export function listingSearchText(listing: SearchableListing): string {
  return lettersOnly(`${listing.city ?? ''}${listing.country ?? ''}${listing['house-title'] ?? ''}`);
}

/** What is searched for: the region, or the typed destination when the region is 'all'. */
export function searchText(region: string, destination: string): string {
  return lettersOnly(region === REGION_ALL ? destination : region);
}

/**
 * The share (0-1) of `search`'s letters found in `listing`, each listing letter used once.
 * Both arguments are already reduced by `lettersOnly`.
 */
export function letterMatchShare(search: string, listing: string): number {
  if (search.length === 0) return 1;
  const available = new Map<string, number>();
  for (const letter of listing) available.set(letter, (available.get(letter) ?? 0) + 1);
  let found = 0;
  for (const letter of search) {
    const left = available.get(letter) ?? 0;
    if (left > 0) {
      found += 1;
      available.set(letter, left - 1);
    }
  }
  return found / search.length;
}

/** Whether a listing matches; an empty search (no letters) matches every listing. */
export function listingMatchesSearch(listing: SearchableListing, search: string): boolean {
  return letterMatchShare(search, listingSearchText(listing)) >= SEARCH_MATCH_THRESHOLD;
}

/** The ids of the listings that match a search by region or destination. */
export function matchingListingIds<T extends SearchableListing & { id: number }>(
  listings: readonly T[],
  region: string,
  destination: string,
): number[] {
  const search = searchText(region, destination);
  return listings.filter((listing) => listingMatchesSearch(listing, search)).map((listing) => listing.id);
}
