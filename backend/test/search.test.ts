// search_rooms as the discovery page calls it (supabase-js, the project's migrations, on PGlite
// and PostgreSQL): regions resolve to their places, a typed place ranks exact, prefix and close
// spellings of the city or country before the 90% letter rule, and a search for nowhere finds
// nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIONS } from '../../shared/src/rules/regions.ts';
import { DB_KINDS, startTestBackend, type TestBackend } from './support/backend.ts';

describe.each(DB_KINDS)('search on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  const ids: Record<string, number> = {};

  /** The ids a search returns, in its order (the function's: no order=id). */
  async function search(text: string, range?: [number, number]): Promise<{ ids: number[]; count: number | null }> {
    let request = anon.rpc('search_rooms', { search_text: text }, { count: 'exact' }).select('id');
    if (range) request = request.range(range[0], range[1]);
    const r = await request;
    expect(r.error).toBeNull();
    return { ids: (r.data as Array<{ id: number }>).map((row) => row.id), count: r.count };
  }

  beforeAll(async () => {
    backend = await startTestBackend(kind, { env: { SEED_ROOMS: '0' } });
    anon = backend.client();
    const service = backend.client(backend.keys.serviceRoleKey);
    // Inserted so that id order is not the rank order.
    const rooms: Array<[string, string, string, string]> = [
      ['montpellier', 'Montpellier', 'France', 'Loft by the tramway'],
      ['palermitano', 'Palermitano', 'Argentina', 'Quiet flat'],
      ['palerno', 'Palerno', 'Testland', 'Hut'],
      ['palermo', 'Palermo', 'Italy', 'Sea breeze house'],
      ['lisbon', 'Lisbon', 'Portugal', 'Tiled flat'],
      ['oslo', 'Oslo', 'Norway', 'Tiny hut'],
      ['abuDhabi', 'Abu Dhabi', 'United Arab Emirates', 'Europe-style penthouse'],
      ['lahore', 'Lahore', 'Pakistan', 'Haveli suite'],
      ['phoenix', 'Phoenix', 'United States', 'Desert casita'],
      ['newYork', 'New York City', 'United States', 'Brownstone floor'],
      ['kayak', 'Zwolle', 'Netherlands', 'Quixotic kayak Atlantis xyz'],
    ];
    for (const [key, city, country, title] of rooms) {
      const { data, error } = await service
        .from('Rooms')
        .insert({ 'house-title': title, city, country, price: 8300, max_guests: 4 })
        .select('id')
        .single();
      if (error) throw error;
      ids[key] = (data).id;
    }
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("the database's regions are shared/src/rules/regions.ts, row for row", async () => {
    const { rows } = await backend.ctx.db.query<{ region: string; country: string; city: string | null }>(
      'select region, country, city from search.region_places order by region, country, city',
    );
    const expected = REGIONS.flatMap((region) =>
      region.places.flatMap((place) => (place.cities ?? [null]).map((city) => ({ region: region.name, country: place.country, city }))),
    ).sort((a, b) => a.region.localeCompare(b.region) || a.country.localeCompare(b.country) || (a.city ?? '').localeCompare(b.city ?? ''));
    const sorted = [...rows].sort((a, b) => a.region.localeCompare(b.region) || a.country.localeCompare(b.country) || (a.city ?? '').localeCompare(b.city ?? ''));
    expect(sorted).toEqual(expected);
  });

  it("a region finds the rooms of its countries and nothing else: 'Europe' is not Abu Dhabi", async () => {
    // One rank for a whole region: by country, then city.
    const europe = [ids.montpellier, ids.palermo, ids.kayak, ids.oslo, ids.lisbon];
    expect((await search('Europe')).ids).toEqual(europe);
    expect((await search('Middle East')).ids).toEqual([ids.abuDhabi]);
    expect((await search('europe!')).count).toBe(europe.length);
  });

  it('a region can be some cities of a country: Arizona is Phoenix, not New York', async () => {
    expect((await search('Arizona')).ids).toEqual([ids.phoenix]);
  });

  it('a typed place ranks the city itself, then names it begins, then close spellings, then letter matches', async () => {
    const palermo = await search('Palermo');
    // Palermo (the city), Palerno (one letter off), then the letter rule: Palermitano, Argentina
    // and Montpellier, France have every letter of 'palermo' (equal ranks go by country).
    expect(palermo.ids).toEqual([ids.palermo, ids.palerno, ids.palermitano, ids.montpellier]);
    expect(palermo.count).toBe(4);
    // Names that begin with the search come before letter matches.
    expect((await search('palerm')).ids).toEqual([ids.palermitano, ids.palermo, ids.montpellier]);
  });

  it('a misspelt place still finds it first', async () => {
    expect((await search('Palermoo')).ids[0]).toBe(ids.palermo);
    expect((await search('Lisbn')).ids[0]).toBe(ids.lisbon);
  });

  it('a country or city and country together match exactly', async () => {
    expect((await search('Norway')).ids[0]).toBe(ids.oslo);
    expect((await search('Oslo, Norway')).ids[0]).toBe(ids.oslo);
  });

  it('a search for nowhere finds nothing, however many of its letters a title has', async () => {
    expect(await search('Atlantisxyz')).toEqual({ ids: [], count: 0 });
    expect((await search('kayak')).ids).not.toContain(ids.kayak);
  });

  it('pages keep the ranked order: two pages are the whole list, once each', async () => {
    const whole = (await search('a')).ids;
    expect(whole.length).toBeGreaterThan(4);
    const first = (await search('a', [0, 3])).ids;
    const rest = (await search('a', [4, 100])).ids;
    expect([...first, ...rest]).toEqual(whole);
  });

  it('a huge or hostile search is answered, not refused', async () => {
    for (const text of ['x'.repeat(20_000), "'; drop table \"Rooms\"; --", 'é'.repeat(300), 'Palermo'.repeat(40)]) {
      const r = await anon.rpc('search_rooms', { search_text: text }, { count: 'exact' }).select('id').limit(1);
      expect([text.slice(0, 20), r.error]).toEqual([text.slice(0, 20), null]);
    }
    expect((await search('Palermo')).count).toBe(4);
  });
});
