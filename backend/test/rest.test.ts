// /rest/v1 through supabase-js itself, on PGlite and on PostgreSQL (contract sections 2 and 7), on
// the project's migrations with the known rows of test/fixtures/rest-data.sql.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, plannedRows, startRestBackend, type TestBackend } from './support/backend.ts';
import { signToken, userToken } from './support/tokens.ts';

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

/** A select on Rooms, before its filters. */
type RoomsQuery = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

describe.each(databases('driver'))('REST on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let user: SupabaseClient;
  let other: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    backend = await startRestBackend(kind);
    anon = backend.client();
    user = backend.client(await userToken(backend.keys.jwtSecret, USER, 3600, 'user@example.com'));
    other = backend.client(await userToken(backend.keys.jwtSecret, OTHER, 3600, 'other@example.com'));
    service = backend.client(backend.keys.serviceRoleKey);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const ids = (data: Array<{ id: number }> | null) => (data ?? []).map((r) => r.id);

  describe('reads', () => {
    it('a page of a counted list is 206 with the total as count', async () => {
      const r = await anon.from('Rooms').select('*', { count: 'exact' }).order('id').range(0, 15);
      expect(r.status).toBe(206);
      expect(r.error).toBeNull();
      expect(r.data).toHaveLength(16);
      expect(r.count).toBe(40);
    });

    it('answers CSV for text/csv (supabase-js .csv()): a header, then the rows', async () => {
      const r = await anon.from('Rooms').select('id,city').lt('id', 3).order('id').csv();
      expect(r.error).toBeNull();
      expect(r.data).toBe('id,city\n1,Lyon\n2,Rome');
    });

    it('a counted list that fits is 200 with count = total', async () => {
      const r = await anon.from('Rooms').select('id', { count: 'exact' }).eq('city', 'Rome');
      expect(r.status).toBe(200);
      expect(r.count).toBe(8);
      expect(r.data).toHaveLength(8);
    });

    it('a range starting beyond the total is 416 PGRST103', async () => {
      const r = await anon.from('Rooms').select('id', { count: 'exact' }).range(100, 115);
      expect(r.status).toBe(416);
      expect(r.error?.code).toBe('PGRST103');
      expect(r.error?.details).toBe('An offset of 100 was requested, but there are only 40 rows.');
    });

    it("count 'planned' is the planner's estimate, 'estimated' the larger of it and the count", async () => {
      await backend.ctx.db.exec('analyze public."Rooms"');
      // The policy on Rooms (drafts hidden) takes its share of the 40 rows in the estimate.
      const estimate = await plannedRows(backend, 'select id from public."Rooms"');
      const planned = await anon.from('Rooms').select('id', { count: 'planned' }).order('id').range(0, 3);
      expect([planned.status, planned.count, planned.data?.length]).toEqual([206, estimate, 4]);
      const estimated = await anon.from('Rooms').select('id', { count: 'estimated', head: true }).eq('city', 'Rome');
      expect([estimated.status, estimated.count]).toEqual([200, 8]);
    });

    it('head with count returns the count and no rows', async () => {
      const r = await anon.from('Rooms').select('id', { count: 'exact', head: true }).eq('filter', 'Beach');
      expect(r.status).toBe(200);
      expect(r.count).toBe(13);
      expect(r.data).toBeNull();
    });

    it('selects a dashed column name and keeps JSON types', async () => {
      const r = await anon.from('Rooms').select('id, city, "house-title", price, images, house_rating, lat').eq('id', 5).single();
      expect(r.error).toBeNull();
      expect(r.data).toEqual({
        id: 5,
        city: 'Madrid',
        'house-title': 'House 5',
        price: 1052.5,
        images: ['/a/5.webp'],
        house_rating: 1,
        lat: null,
      });
    });

    it('single() with no row is 406 PGRST116', async () => {
      const r = await anon.from('Rooms').select('*').eq('id', 999).single();
      expect(r.status).toBe(406);
      expect(r.data).toBeNull();
      expect(r.error?.code).toBe('PGRST116');
      expect(r.error?.details).toBe('The result contains 0 rows');
    });

    it('maybeSingle() with no row is data null without error', async () => {
      const r = await anon.from('Rooms').select('*').eq('id', 999).maybeSingle();
      expect(r.error).toBeNull();
      expect(r.data).toBeNull();
    });

    it.each([
      ['eq', (q: RoomsQuery) => q.eq('id', 3), [3]],
      ['neq', (q: RoomsQuery) => q.neq('id', 1).lte('id', 3), [2, 3]],
      ['gt', (q: RoomsQuery) => q.gt('id', 38), [39, 40]],
      ['gte', (q: RoomsQuery) => q.gte('id', 39), [39, 40]],
      ['lt', (q: RoomsQuery) => q.lt('id', 3), [1, 2]],
      ['lte', (q: RoomsQuery) => q.lte('id', 2), [1, 2]],
      ['like', (q: RoomsQuery) => q.like('city', '%ar%').lte('id', 10), [4, 9]],
      ['ilike', (q: RoomsQuery) => q.ilike('city', 'PARIS').lte('id', 10), [4, 9]],
      ['ilike with *', (q: RoomsQuery) => q.ilike('city', '*YO*').lte('id', 6), [1, 6]],
      ['in', (q: RoomsQuery) => q.in('id', [2, 4, 99]), [2, 4]],
      ['in with a comma in an item', (q: RoomsQuery) => q.in('country', ['Norway', 'Spain, x']).lte('id', 8), [3, 8]],
      ['is null', (q: RoomsQuery) => q.is('host_name', null).lte('id', 10), [4, 9]],
      ['not is null', (q: RoomsQuery) => q.not('house_rating', 'is', null).lte('id', 7), [1, 2, 3, 4, 5, 6]],
      ['is distinct from', (q: RoomsQuery) => q.isDistinct('city', 'Lyon').lte('id', 3), [2, 3]],
      ['match', (q: RoomsQuery) => q.match({ city: 'Oslo' }).lte('id', 8), [3, 8]],
      ['regex match', (q: RoomsQuery) => q.regexMatch('city', '^R').lte('id', 7), [2, 7]],
      ['regex imatch', (q: RoomsQuery) => q.regexIMatch('city', '^r').lte('id', 7), [2, 7]],
      ['not', (q: RoomsQuery) => q.not('id', 'in', '(1,2,3)').lte('id', 5), [4, 5]],
      ['or with nested and', (q: RoomsQuery) => q.or('id.eq.1,and(id.gt.38,host_name.is.null)'), [1, 39]],
      ['or with a quoted value', (q: RoomsQuery) => q.or('city.eq."Oslo",id.eq.2').lte('id', 8), [2, 3, 8]],
      ['filter()', (q: RoomsQuery) => q.filter('id', 'in', '(7,8)'), [7, 8]],
    ])('operator %s', async (_name, apply, expected) => {
      const r = await apply(anon.from('Rooms').select('id')).order('id');
      expect(r.error).toBeNull();
      expect(ids(r.data as Array<{ id: number }> | null)).toEqual(expected);
    });

    it('orders by several columns with nulls first', async () => {
      const r = await anon
        .from('Rooms')
        .select('id, house_rating')
        .order('house_rating', { ascending: false, nullsFirst: true })
        .order('id')
        .limit(7);
      expect(ids(r.data)).toEqual([7, 14, 21, 28, 35, 4, 9]);
    });

    it('limit and offset through range()', async () => {
      const r = await anon.from('Rooms').select('id').order('id', { ascending: false }).range(2, 4);
      expect(ids(r.data)).toEqual([38, 37, 36]);
    });

    it('an unknown column is 42703 and an unknown table PGRST205', async () => {
      const col = await anon.from('Rooms').select('id, nope');
      expect(col.status).toBe(400);
      expect(col.error?.code).toBe('42703');
      const table = await anon.from('Nope').select('*');
      expect(table.status).toBe(404);
      expect(table.error?.code).toBe('PGRST205');
    });

    it('a malformed filter is 400 PGRST100 and a bad uuid 22P02', async () => {
      const bad = await anon.from('Rooms').select('id').filter('id', 'noop', '1');
      expect(bad.status).toBe(400);
      expect(bad.error?.code).toBe('PGRST100');
      const uuid = await user.from('Favorites').select('*').eq('user_id', 'u-1');
      expect(uuid.status).toBe(400);
      expect(uuid.error?.code).toBe('22P02');
    });
  });

  describe('embedding', () => {
    it('embeds through views, by the foreign keys of the tables their columns show', async () => {
      const list = await anon.from('book_list').select('title, writer(name), author_names!books_author_id_fkey(name)').order('book_id').limit(2);
      expect(list.error).toBeNull();
      expect(list.data).toEqual([
        { title: 'Alpha', writer: { name: 'Ada' }, author_names: { name: 'Ada' } },
        { title: 'Beta', writer: { name: 'Ada' }, author_names: { name: 'Ada' } },
      ]);
      const recent = await anon.from('author_names').select('name, recent_books(title), profile_cards(shout)').eq('id', 2);
      expect(recent.data).toEqual([{ name: 'Bo', recent_books: [{ title: 'Gamma' }], profile_cards: { shout: 'EDITS TOO' } }]);
    });

    it('embeds many-to-one, one-to-many, many-to-many and one-to-one resources in one select', async () => {
      const books = await anon
        .from('books')
        .select('id, author:authors!books_author_id_fkey(name), tags(name)')
        .order('id')
        .limit(2);
      expect(books.error).toBeNull();
      expect(books.data).toEqual([
        { id: 1, author: { name: 'Ada' }, tags: [{ name: 'fiction' }, { name: 'classic' }] },
        { id: 2, author: { name: 'Ada' }, tags: [{ name: 'classic' }] },
      ]);
      const authors = await anon.from('authors').select('name, author_profiles(bio), books!author_id(title)').in('id', [2, 4]).order('id');
      expect(authors.data).toEqual([
        { name: 'Bo', author_profiles: { bio: 'Edits too' }, books: [{ title: 'Gamma' }] },
        { name: 'Di', author_profiles: null, books: [] },
      ]);
    });

    it('filters parents by an !inner embed and counts only those; spreads a to-one', async () => {
      const r = await anon
        .from('authors')
        .select('id, books!books_author_id_fkey!inner(title)', { count: 'exact' })
        .eq('books.title', 'Beta');
      expect([r.data, r.count]).toEqual([[{ id: 1, books: [{ title: 'Beta' }] }], 1]);
      const spread = await anon.from('books').select('title, ...authors!author_id(author:name)').eq('id', 3).single();
      expect(spread.data).toEqual({ title: 'Gamma', author: 'Bo' });
    });

    it('an ambiguous embed is 300 PGRST201, an unknown one 400 PGRST200', async () => {
      const ambiguous = await anon.from('books').select('id, authors(name)');
      expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, 'PGRST201']);
      const unknown = await anon.from('books').select('id, nothing(*)');
      expect([unknown.status, unknown.error?.code]).toEqual([400, 'PGRST200']);
    });

    it('insert().select() with an embed returns the new row with its related row', async () => {
      const r = await user.from('Favorites').insert({ user_id: USER, item_id: 3 }).select('item_id, Rooms(city)').single();
      expect(r.error).toBeNull();
      expect(r.data).toEqual({ item_id: 3, Rooms: { city: 'Oslo' } });
      await user.from('Favorites').delete().eq('item_id', 3);
    });
  });

  describe('auth of requests', () => {
    it('a badly signed JWT is 401 PGRST301', async () => {
      const forged = backend.client(await signToken('x'.repeat(40), { role: 'service_role' }));
      const r = await forged.from('Rooms').select('id').limit(1);
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('PGRST301');
    });

    it('an expired JWT is 401 PGRST303', async () => {
      const expired = backend.client(await userToken(backend.keys.jwtSecret, USER, -3600));
      const r = await expired.from('Rooms').select('id').limit(1);
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('PGRST303');
      expect(r.error?.message).toBe('JWT expired');
    });

    it('a role other than anon, authenticated or service_role is 401 PGRST303', async () => {
      const odd = backend.client(await signToken(backend.keys.jwtSecret, { role: 'superhero' }));
      const r = await odd.from('Rooms').select('id').limit(1);
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('PGRST303');
    });

    it('a table without a grant is 42501: 401 for anon, 403 for a user', async () => {
      expect((await anon.from('Secrets').select('*')).status).toBe(401);
      const r = await user.from('Secrets').select('*');
      expect(r.status).toBe(403);
      expect(r.error?.code).toBe('42501');
    });
  });

  describe('writes', () => {
    it('insert without select is 201 with no data, a duplicate 409 23505', async () => {
      const first = await user.from('Favorites').insert({ user_id: USER, item_id: 7 });
      expect(first.status).toBe(201);
      expect(first.data).toBeNull();
      expect(first.error).toBeNull();
      const again = await user.from('Favorites').insert({ user_id: USER, item_id: 7 });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('23505');
    });

    it('RLS: a favourite for another user is 403, signed out 401 (42501)', async () => {
      const forOther = await user.from('Favorites').insert({ user_id: OTHER, item_id: 7 });
      expect(forOther.status).toBe(403);
      expect(forOther.error?.code).toBe('42501');
      const signedOut = await anon.from('Favorites').insert({ user_id: USER, item_id: 8 });
      expect(signedOut.status).toBe(401);
      expect(signedOut.error?.code).toBe('42501');
    });

    it("RLS: a user reads only their own rows; updates and deletes of others' rows affect none", async () => {
      await user.from('Favorites').insert({ user_id: USER, item_id: 9 });
      const mine = await user.from('Favorites').select('item_id').eq('user_id', USER).order('item_id');
      expect(mine.data?.map((r) => r.item_id)).toContain(9);
      expect((await other.from('Favorites').select('item_id').eq('user_id', USER)).data).toEqual([]);
      const del = await other.from('Favorites').delete().eq('user_id', USER).eq('item_id', 9).select();
      expect(del.data).toEqual([]);
      expect((await user.from('Favorites').select('item_id').eq('item_id', 9)).data).toEqual([{ item_id: 9 }]);
    });

    it('insert().select() returns the rows; an array insert sends columns', async () => {
      const r = await user
        .from('Favorites')
        .insert([
          { user_id: USER, item_id: 11 },
          { user_id: USER, item_id: 12 },
        ])
        .select('item_id');
      expect(r.status).toBe(201);
      expect(r.data).toEqual([{ item_id: 11 }, { item_id: 12 }]);
    });

    it('insert of an unknown column is 400 PGRST204', async () => {
      const r = await user.from('Favorites').insert({ user_id: USER, item_id: 13, colour: 'red' });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('PGRST204');
    });

    it('upsert merges on conflict, or ignores duplicates', async () => {
      const merged = await user
        .from('Favorites')
        .upsert([{ user_id: USER, item_id: 11 }, { user_id: USER, item_id: 14 }], { onConflict: 'user_id,item_id' })
        .select('item_id');
      expect(merged.error).toBeNull();
      expect(merged.data?.map((r) => r.item_id).sort()).toEqual([11, 14]);
      const ignored = await user
        .from('Favorites')
        .upsert([{ user_id: USER, item_id: 14 }, { user_id: USER, item_id: 15 }], { onConflict: 'user_id,item_id', ignoreDuplicates: true })
        .select('item_id');
      expect(ignored.error).toBeNull();
      expect(ignored.data).toEqual([{ item_id: 15 }]);
    });

    it('delete is 204 with no data', async () => {
      await user.from('Favorites').insert({ user_id: USER, item_id: 16 });
      const r = await user.from('Favorites').delete().eq('user_id', USER).eq('item_id', 16);
      expect(r.status).toBe(204);
      expect(r.data).toBeNull();
      expect(r.error).toBeNull();
      expect((await user.from('Favorites').select('item_id').eq('item_id', 16)).data).toEqual([]);
    });

    it('update is 204; with select().single() it returns the object', async () => {
      const plain = await service.from('Rooms').update({ price: 1500 }).eq('id', 20);
      expect(plain.status).toBe(204);
      const r = await service.from('Rooms').update({ price: 1600.25 }).eq('id', 20).select('id, price').single();
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ id: 20, price: 1600.25 });
      const none = await service.from('Rooms').update({ price: 1 }).eq('id', 999).select('id').single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
    });

    it('anon cannot update rooms (42501, 401)', async () => {
      const r = await anon.from('Rooms').update({ price: 1 }).eq('id', 20);
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('42501');
    });

    it('overlapping confirmed bookings conflict: 409 23P01', async () => {
      const stay = (user_id: string, startDate: string, endDate: string) => ({
        user_id,
        user_email: 'x@example.com',
        room_id: 2,
        startDate,
        endDate,
        numOfDays: Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000),
        status: 'confirmed',
      });
      const first = await service.from('Bookings').insert(stay(USER, '2031-03-01', '2031-03-05'));
      expect(first.status).toBe(201);
      const overlap = await service.from('Bookings').insert(stay(OTHER, '2031-03-04', '2031-03-06'));
      expect(overlap.status).toBe(409);
      expect(overlap.error?.code).toBe('23P01');
      const touching = await service.from('Bookings').insert(stay(OTHER, '2031-03-05', '2031-03-07'));
      expect(touching.status).toBe(201);
    });

    it('a user books for themselves: user_id and user_email default from the JWT', async () => {
      // Travellers book within the calendar: a month from now.
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const r = await user
        .from('Bookings')
        .insert({ room_id: 3, startDate: day(30), endDate: day(32), numOfDays: 2 })
        .select('user_id, user_email, status, startDate');
      expect(r.error).toBeNull();
      expect(r.data).toEqual([{ user_id: USER, user_email: 'user@example.com', status: 'pending', startDate: day(30) }]);
    });
  });

  describe('CSV', () => {
    const post = (path: string, body: string, headers: Record<string, string>, token = backend.keys.anonKey) =>
      fetch(`${backend.url}/rest/v1${path}`, { method: 'POST', headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}`, ...headers }, body });

    it('answers calls as CSV: rows, and a scalar under the header pgrst_scalar', async () => {
      const rows = await anon.rpc('rooms_in', { q: 'o' }).select('id,city').lt('id', 4).order('id').csv();
      expect(rows.data).toBe('id,city\n1,Lyon\n2,Rome\n3,Oslo');
      const scalar = await anon.rpc('add', { a: 1, b: 2 }).csv();
      expect(scalar.data).toBe('pgrst_scalar\n3');
    });

    it('calls a volatile function once for a CSV answer', async () => {
      const r = await anon.rpc('jot', { note: 'once' }).select('note').csv();
      expect(r.data).toBe('note\nonce');
      const { data } = await anon.from('jottings').select('note').eq('note', 'once');
      expect(data).toEqual([{ note: 'once' }]);
    });

    it('inserts the rows of a CSV body and answers their representation as CSV', async () => {
      const token = await userToken(backend.keys.jwtSecret, USER, 3600, 'user@example.com');
      const r = await post('/Favorites?select=item_id', `user_id,item_id\r\n${USER},31\r\n"${USER}",32\r\n`, { 'content-type': 'text/csv; charset=utf-8', accept: 'text/csv', prefer: 'return=representation' }, token);
      expect([r.status, r.headers.get('content-type'), await r.text()]).toEqual([201, 'text/csv; charset=utf-8', 'item_id\n31\n32']);
      await user.from('Favorites').delete().in('item_id', [31, 32]);
    });

    it('refuses a CSV body past the body limit (413) and malformed CSV (400 PGRST102) before any SQL', async () => {
      const huge = await post('/jottings', 'note\n' + 'x,'.repeat(600_000), { 'content-type': 'text/csv' });
      expect(huge.status).toBe(413);
      for (const body of ['note\n"open', 'note\na"b', '']) {
        const r = await post('/jottings', body, { 'content-type': 'text/csv' });
        expect([r.status, ((await r.json()) as { code: string }).code]).toEqual([400, 'PGRST102']);
      }
    });
  });

  describe('missing=default', () => {
    it('a key a row leaves out takes the column default, row by row; an explicit null stays null', async () => {
      const key = backend.keys.serviceRoleKey;
      const r = await fetch(`${backend.url}/rest/v1/Rooms?columns=house-title,guest_favorite,city,house_location&select=id,house-title,guest_favorite,city,house_location`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=representation, missing=default' },
        body: JSON.stringify([{ 'house-title': 'A', guest_favorite: 'yes', city: 'Defaultville', house_location: null }, { city: 'Defaultville' }]),
      });
      expect([r.status, r.headers.get('preference-applied')]).toEqual([201, 'return=representation, missing=default']);
      const rows = (await r.json()) as Array<Record<string, unknown>>;
      expect(rows.map(({ id: _id, ...rest }) => rest)).toEqual([
        { 'house-title': 'A', guest_favorite: 'yes', city: 'Defaultville', house_location: null },
        { 'house-title': '', guest_favorite: '', city: 'Defaultville', house_location: null },
      ]);
      // Each row got its own identity value.
      expect(new Set(rows.map((row) => row.id)).size).toBe(2);
      // The other suites here count the 40 rooms of the fixture.
      await fetch(`${backend.url}/rest/v1/Rooms?city=eq.Defaultville`, { method: 'DELETE', headers: { apikey: key, authorization: `Bearer ${key}` } });
    });

    it('rows with none of the keys are inserted with every default, one statement however many rows', async () => {
      const key = backend.keys.serviceRoleKey;
      const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const r = await fetch(`${backend.url}/rest/v1/Rooms?columns=house-title,guest_favorite&select=house-title,guest_favorite`, {
        method: 'POST',
        headers: { ...headers, prefer: 'return=representation, missing=default' },
        body: JSON.stringify(Array.from({ length: 2_000 }, () => ({}))),
      });
      expect(r.status).toBe(201);
      const rows = (await r.json()) as Array<Record<string, unknown>>;
      expect([rows.length, rows[0]]).toEqual([2_000, { 'house-title': '', guest_favorite: '' }]);
      await fetch(`${backend.url}/rest/v1/Rooms?id=gt.40`, { method: 'DELETE', headers });
    });
  });

  describe('rpc', () => {
    it('POST with JSON arguments returns rows that filters, order and count apply to', async () => {
      const r = await anon.rpc('rooms_in', { q: 'par' }, { count: 'exact' }).select('id, city').lt('id', 20).order('id', { ascending: false });
      expect(r.error).toBeNull();
      expect(r.data).toEqual([
        { id: 19, city: 'Paris' },
        { id: 14, city: 'Paris' },
        { id: 9, city: 'Paris' },
        { id: 4, city: 'Paris' },
      ]);
      expect(r.count).toBe(4);
    });

    it('GET with arguments in the query string; a scalar result is the bare value', async () => {
      const r = await anon.rpc('add', { a: 2, b: 40 }, { get: true });
      expect(r.error).toBeNull();
      expect(r.data).toBe(42);
      expect((await anon.rpc('add', { a: 41 })).data).toBe(42);
    });

    it('a function returning a table', async () => {
      const r = await anon.rpc('city_counts').neq('city', 'Madrid');
      expect(r.data).toEqual([
        { city: 'Lyon', n: 8 },
        { city: 'Oslo', n: 8 },
        { city: 'Paris', n: 8 },
        { city: 'Rome', n: 8 },
      ]);
    });

    it('unknown function or arguments is 404 PGRST202; raise is 400 P0001', async () => {
      const missing = await anon.rpc('nope', { a: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST202');
      const wrong = await anon.rpc('add', { x: 1 });
      expect(wrong.error?.code).toBe('PGRST202');
      const raised = await anon.rpc('fail', { msg: 'no rooms today' });
      expect(raised.status).toBe(400);
      expect(raised.error?.code).toBe('P0001');
      expect(raised.error?.message).toBe('no rooms today');
    });

    it('a void function answers 204 with no body', async () => {
      const r = await anon.rpc('do_nothing', { msg: 'hi' });
      expect([r.status, r.data, r.error]).toEqual([204, null, null]);
    });

    it('overloads the arguments cannot tell apart are 300 PGRST203, naming both', async () => {
      const r = await anon.rpc('twice', { a: 4 });
      expect(r.status).toBe(300);
      expect(r.error?.code).toBe('PGRST203');
      expect(r.error?.message).toBe('Could not choose the best candidate function between: public.twice(a => integer), public.twice(a => text)');
    });

    it('a function with one unnamed jsonb parameter gets the whole body', async () => {
      const body = { x: [1, 2], y: 'z' };
      expect((await anon.rpc('echo', body)).data).toEqual(body);
    });

    it('count=exact on a scalar function counts its one value', async () => {
      const r = await anon.rpc('add', { a: 1, b: 2 }, { count: 'exact' });
      expect([r.data, r.count]).toEqual([3, 1]);
    });
  });
});
