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

/**
 * What is searched for: the region, or the typed destination when the region is 'all'. A
 * destination in double quotes keeps them ('"barcelna"'): the database then takes it as typed,
 * with no close spelling standing in for it (the way back from 'Showing results for Barcelona').
 */
export function searchText(region: string, destination: string): string {
  if (region !== REGION_ALL) return lettersOnly(region);
  const letters = lettersOnly(destination);
  return letters !== '' && isQuoted(destination) ? `"${letters}"` : letters;
}

/** Whether a destination is in double quotes: taken as typed. */
function isQuoted(destination: string): boolean {
  return /^\s*".*"\s*$/.test(destination);
}
