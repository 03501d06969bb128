/**
 * Places to pick while typing a destination, for the wide bar's Where panel and the overlay's
 * Where card alike: the regions whose name starts with the text, then the listings' places
 * ('City, Country', from the allRows cache) whose city or country starts with it, then those
 * that merely contain it. The same order the search ranks its results in.
 */
import { useMemo, type ReactNode } from 'react';
import { MapPin, Globe } from 'lucide-react';
import { REGIONS } from 'shared/rules';
import { useAllRowsQuery } from '../api';
import styles from './DestinationSuggestions.module.css';

const MAX_SUGGESTIONS = 6;

interface Suggestion {
  place: string;
  region: boolean;
}

/** The suggestions for `text`, best first (exported for its unit test). */
export function suggestDestinations(text: string, rows: readonly { city: string | null; country: string | null }[]): Suggestion[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [];
  const regions = REGIONS.filter((region) => region.name.toLowerCase().startsWith(needle)).map((region) => ({
    place: region.name,
    region: true,
  }));
  const starting = new Set<string>();
  const containing = new Set<string>();
  for (const row of rows) {
    const place = [row.city, row.country].filter(Boolean).join(', ');
    const lower = place.toLowerCase();
    const begins = (row.city ?? '').toLowerCase().startsWith(needle) || (row.country ?? '').toLowerCase().startsWith(needle);
    if (begins) starting.add(place);
    else if (lower.includes(needle)) containing.add(place);
  }
  const places = [...starting, ...containing].map((place) => ({ place, region: false }));
  return [...regions, ...places].slice(0, MAX_SUGGESTIONS);
}

export function DestinationSuggestions({
  text,
  onPick,
  fallback = null,
}: {
  text: string;
  onPick: (place: string) => void;
  /** Shown when nothing matches the text. */
  fallback?: ReactNode;
}) {
  const { data } = useAllRowsQuery();
  const suggestions = useMemo(() => suggestDestinations(text, data ?? []), [data, text]);
  if (suggestions.length === 0) return fallback;
  return (
    <ul className={styles.list} aria-label="Suggested destinations">
      {suggestions.map(({ place, region }) => (
        <li key={place}>
          <button type="button" className={styles.item} onClick={() => onPick(place)}>
            <span className={styles.pin} aria-hidden="true">
              {region ? <Globe size={16} /> : <MapPin size={16} />}
            </span>
            {place}
          </button>
        </li>
      ))}
    </ul>
  );
}
