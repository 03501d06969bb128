// The place the traveller meant (issue 43), as the discovery page asks for it (resolve_place, then
// search_rooms), over the seeded catalogue: famous places before their namesakes, islands and
// regions, misspellings, other names, and places without homes. Every home a place search returns
// lies in the place's country and within its reach of the point the cards measure from. Also on
// PostgreSQL ('server'): pg_trgm and fuzzystrmatch are called there by the backend's own
// non-superuser role through the extensions schema, and on PGlite as its superuser.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kilometresBetween } from '../../shared/src/rules/distance.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

interface Place {
  name: string;
  country: string | null;
  kind: string;
  lat: number | null;
  lng: number | null;
  radius_km: number | null;
  corrected: boolean;
}
interface Home {
  id: number;
  city: string;
  country: string;
  lat: number | null;
  lng: number | null;
}

/** [search, the place (name, country, kind), what its homes are, options]. */
type Expected =
  | { homes: 'near'; cities?: string[] } // within the place's reach, in its country; these cities among them
  | { homes: 'country' } // the country's homes
  | { homes: 'none' }; // no homes there
type Row = [string, [string, string | null, string], Expected, { corrected?: boolean; choices?: string[] }?];

const TABLE: Row[] = [
  // famous places and their namesakes
  ['Bali', ['Bali', 'Indonesia', 'island'], { homes: 'near', cities: ['Denpasar'] }, { choices: ['Bāli, India'] }],
  ['Bali, Indonesia', ['Bali', 'Indonesia', 'island'], { homes: 'near', cities: ['Denpasar'] }],
  ['Bāli, India', ['Bāli', 'India', 'city'], { homes: 'near' }],
  ['Paris', ['Paris', 'France', 'city'], { homes: 'near' }],
  ['Naples', ['Naples', 'Italy', 'city'], { homes: 'near', cities: ['Naples'] }, { choices: ['Naples, United States'] }],
  ['Florence', ['Florence', 'Italy', 'city'], { homes: 'none' }, { choices: ['Florence, United States'] }],
  ['Granada', ['Granada', 'Spain', 'city'], { homes: 'near', cities: ['Granada'] }],
  ['Barcelona', ['Barcelona', 'Spain', 'city'], { homes: 'near', cities: ['Barcelona'] }],
  ['Kyoto', ['Kyoto', 'Japan', 'city'], { homes: 'near', cities: ['Kyoto'] }],
  ['Eiffel Tower', ['Eiffel Tower', 'France', 'landmark'], { homes: 'near' }],
  // islands
  ['Santorini', ['Santorini', 'Greece', 'island'], { homes: 'near', cities: ['Oía'] }],
  ['Thira', ['Thira', 'Greece', 'island'], { homes: 'near', cities: ['Oía'] }],
  ['Crete', ['Crete', 'Greece', 'island'], { homes: 'near', cities: ['Irákleion'] }],
  ['Sicily', ['Sicily', 'Italy', 'island'], { homes: 'near', cities: ['Palermo'] }],
  ['Mallorca', ['Mallorca', 'Spain', 'island'], { homes: 'none' }],
  ['Majorca', ['Majorca', 'Spain', 'island'], { homes: 'none' }],
  // regions
  ['Tuscany', ['Tuscany', 'Italy', 'region'], { homes: 'near', cities: ['Siena'] }],
  ['Toscana', ['Toscana', 'Italy', 'region'], { homes: 'near', cities: ['Siena'] }],
  ['Algarve', ['Algarve', 'Portugal', 'region'], { homes: 'none' }],
  ['the Algarve', ['The Algarve', 'Portugal', 'region'], { homes: 'none' }],
  ['Provence', ['Provence', 'France', 'region'], { homes: 'near', cities: ['Nice'] }],
  ["Côte d'Azur", ["Côte d'Azur", 'France', 'region'], { homes: 'near', cities: ['Nice'] }],
  ['Cyclades', ['Cyclades', 'Greece', 'region'], { homes: 'near', cities: ['Oía', 'Mykonos'] }],
  ['Hawaii', ['Hawaii', 'United States', 'region'], { homes: 'near', cities: ['Honolulu'] }],
  ['Europe', ['Europe', null, 'region'], { homes: 'country' }],
  // countries: their homes, and no point to measure from on the cards
  ['Italy', ['Italy', 'Italy', 'country'], { homes: 'country' }],
  ['Greece', ['Greece', 'Greece', 'country'], { homes: 'country' }],
  ['Japan', ['Japan', 'Japan', 'country'], { homes: 'country' }],
  // misspellings: the closest name, the most important first among equals
  ['Barcelna', ['Barcelona', 'Spain', 'city'], { homes: 'near', cities: ['Barcelona'] }, { corrected: true, choices: ['Barcelona, Venezuela'] }],
  ['Santorni', ['Santorini', 'Greece', 'island'], { homes: 'near', cities: ['Oía'] }, { corrected: true }],
  ['Tuscny', ['Tuscany', 'Italy', 'region'], { homes: 'near', cities: ['Siena'] }, { corrected: true }],
  ['Lisbn', ['Lisbon', 'Portugal', 'city'], { homes: 'near', cities: ['Lisbon'] }, { corrected: true }],
  ['Tokio', ['Tokyo', 'Japan', 'city'], { homes: 'near' }, { corrected: true }],
  ['Kyotto', ['Kyoto', 'Japan', 'city'], { homes: 'near', cities: ['Kyoto'] }, { corrected: true }],
  // places without homes in the seeded catalogue (the page then offers the nearest under 'Nearby')
  ['Ulaanbaatar', ['Ulaanbaatar', 'Mongolia', 'city'], { homes: 'none' }],
  ['Ulan Bator', ['Ulan Bator', 'Mongolia', 'city'], { homes: 'none' }],
  ['Nuuk', ['Nuuk', 'Greenland', 'city'], { homes: 'none' }],
];

describe.each(databases('server'))('the place meant on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    anon = backend.client();
  });
  afterAll(async () => {
    await backend?.close();
  });

  async function places(text: string): Promise<Place[]> {
    const r = await anon.rpc('resolve_place', { search_text: text });
    expect(r.error).toBeNull();
    return r.data as Place[];
  }
  async function homes(text: string): Promise<Home[]> {
    const r = await anon.rpc('search_rooms', { search_text: text }).select('id, city, country, lat, lng').range(0, 1999);
    expect(r.error).toBeNull();
    return r.data as Home[];
  }

  it.each(TABLE)('%s', async (text, [name, country, placeKind], expected, options = {}) => {
    const [place, ...others] = await places(text);
    expect(place).toMatchObject({ name, country, kind: placeKind, corrected: options.corrected ?? false });
    if (options.choices) expect(others.map((o) => `${o.name}, ${o.country}`)).toEqual(expect.arrayContaining(options.choices));
    const found = await homes(text);
    if (expected.homes === 'none') {
      expect(found).toEqual([]);
    } else if (expected.homes === 'country') {
      expect(found.length).toBeGreaterThan(0);
      if (country !== null) expect(new Set(found.map((h) => h.country))).toEqual(new Set([country]));
    } else {
      expect(found.length).toBeGreaterThan(0);
      const origin = { lat: place!.lat!, lng: place!.lng! };
      for (const home of found) {
        expect(home.country).toBe(country);
        if (home.lat !== null && home.lng !== null) {
          expect(kilometresBetween(origin, { lat: home.lat, lng: home.lng })).toBeLessThanOrEqual(place!.radius_km! + 0.01);
        }
      }
      for (const city of expected.cities ?? []) expect(found.map((h) => h.city)).toContain(city);
    }
  });

  it('a search in double quotes is taken as typed: no close spelling stands in, and only homes whose own place it is spelt close to', async () => {
    expect(await places('"Barcelna"')).toEqual([]);
    const found = await homes('"Barcelna"');
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((h) => h.city))).toEqual(new Set(['Barcelona']));
  });

  it('a search that names nothing finds nothing, never far-away homes holding its letters', async () => {
    expect(await places('Atlantisxyz')).toEqual([]);
    expect(await homes('Atlantisxyz')).toEqual([]);
  });
});
