/**
 * What a search asks for, reduced to letters as the database's `search_letters` does: Unicode
 * canonical decomposition (so 'ü' becomes 'u' plus a combining mark and 'Zürich' reads 'zurich'),
 * then lower case, then everything but a-z removed. The matching itself (places, regions, the
 * spec's 90% letter rule as a spelling fallback) is the database's `search_rooms`.
 */
import { REGION_ALL } from './constants';

/** Letters a-z only, accents dropped, lower-cased: 'São Paulo, Brazil!' -> 'saopaulobrazil'. */
export function lettersOnly(text: string): string {
  return text.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');
}

/** What is searched for: the region, or the typed destination when the region is 'all'. */
export function searchText(region: string, destination: string): string {
  return lettersOnly(region === REGION_ALL ? destination : region);
}
