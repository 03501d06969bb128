// Issue 16, hosting: what hosts may write and everyone else may see, against the real backend
// (project migrations and edge functions) on PGlite and on PostgreSQL, with supabase-js: drafts
// hidden from every reader, a host's writes limited to their own places and to the fields a host
// sets, publishing into search at once, blocked nights honoured by search, the calendar and
// payment confirmation, and reservations that show the host the guest's name, dates and amount
// only.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInCents, nightlyUsdAtRate } from '../../shared/src/rules/pricing.ts';
import { specChargeCents } from '../../shared/src/testing/specPrices.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';
import { checkoutDriver, isoDay, stayRequest } from './support/checkout.ts';
import { HOST_CITY as CITY, completeListing as complete, hostPhoto as photo, publishedListing } from './support/listings.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions', import.meta.url));

type User = Awaited<ReturnType<ReturnType<typeof checkoutDriver>['signedInUser']>>;

describe.each(databases('concurrency'))('hosting on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let driver: ReturnType<typeof checkoutDriver>;
  let host: User;
  let other: User;

  /** A photo the local backend stored as three widths before originals: its 800 px width's path. */
  const legacyPhoto = (userId: string, n: number) => `${photo(userId, n)}-800.webp`;


  async function newListing(user: User): Promise<number> {
    const { data, error } = await user.client.rpc('create_listing');
    if (error) throw error;
    return data as number;
  }

  const visibleTo = async (client: SupabaseClient, id: number) =>
    ((await client.from('Rooms').select('id').eq('id', id)).data ?? []).length === 1;
  const searchIds = async (client: SupabaseClient, args: Record<string, unknown> = {}) => {
    const { data } = await client.rpc('search_rooms', { search_text: CITY, ...args }).select('id');
    return ((data ?? []) as Array<{ id: number }>).map((r) => r.id);
  };

  beforeAll(async () => {
    // The image queue takes a host's whole burst (the cap's test below): its share is tested in storage-queue.test.ts.
    backend = await startTestBackend(kind, {
      functionsDir: FUNCTIONS,
      env: { SEED_ROOMS: '40', STORAGE_IMAGE_CLIENT_JOBS: '500', STORAGE_IMAGE_QUEUE_MAX: '500' },
    });
    service = backend.client(backend.keys.serviceRoleKey);
    anon = backend.client();
    driver = checkoutDriver(backend, `hosting-${kind}-`);
    host = await driver.signedInUser();
    other = await driver.signedInUser();
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('places and drafts', () => {
    it('a new place is a draft nobody reads through Rooms, search or the grid, its host included', async () => {
      const id = await newListing(host);
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: complete(host.id) })).error).toBeNull();
      for (const client of [anon, host.client, other.client]) {
        expect(await visibleTo(client, id)).toBe(false);
        expect(await searchIds(client)).not.toContain(id);
      }
      const grid = await anon.from('Rooms').select('id').order('id', { ascending: false }).limit(5);
      expect(grid.data!.map((r) => r.id)).not.toContain(id);
    });

    it("the drafts' ids are no function of the API: /rpc/draft_room_ids is unknown, the private schema is not exposed", async () => {
      const id = await newListing(host);
      for (const client of [anon, host.client, other.client]) {
        const r = await client.rpc('draft_room_ids');
        expect([r.status, r.error?.code, r.data]).toEqual([404, 'PGRST202', null]);
        const privately = await client.schema('private').rpc('draft_room_ids');
        expect([privately.status, privately.error?.code, privately.data]).toEqual([406, 'PGRST106', null]);
      }
      const raw = await fetch(`${backend.url}/rest/v1/rpc/draft_room_ids`, {
        method: 'POST',
        headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(raw.status).toBe(404);
      expect(await raw.text()).not.toContain(String(id));
      // The policy still calls it: the draft stays hidden from every reader, its host included,
      // who reads it through my_listings.
      for (const client of [anon, host.client, other.client]) expect(await visibleTo(client, id)).toBe(false);
      expect((await host.client.rpc('my_listings')).data).toContainEqual(expect.objectContaining({ room_id: id, status: 'draft' }));
      expect(await visibleTo(anon, 1)).toBe(true);
    });

    it('hosts read their own places (status and row) and nobody else reads them', async () => {
      const id = await newListing(host);
      const mine = await host.client.rpc('my_listings');
      expect(mine.error).toBeNull();
      expect(mine.data).toContainEqual(expect.objectContaining({ room_id: id, status: 'draft' }));
      expect((await other.client.rpc('my_listings')).data!.map((r: { room_id: number }) => r.room_id)).not.toContain(id);
      expect((await anon.rpc('my_listings')).error?.code).toBe('42501');
      const hostedByOther = await other.client.from('hosted_rooms').select('room_id').eq('room_id', id);
      expect(hostedByOther.data).toEqual([]);
      expect((await host.client.from('hosted_rooms').select('room_id, status').eq('room_id', id)).data).toEqual([
        { room_id: id, status: 'draft' },
      ]);
    });

    it('nobody writes Rooms or hosted_rooms directly; anon cannot create a place', async () => {
      const id = await newListing(host);
      const upd = await host.client.from('Rooms').update({ house_rating: 5 }).eq('id', id);
      expect(upd.error?.code).toBe('42501');
      const ins = await host.client.from('Rooms').insert({ 'house-title': 'Mine' });
      expect(ins.error?.code).toBe('42501');
      const status = await host.client.from('hosted_rooms').update({ status: 'published' }).eq('room_id', id);
      expect(status.error?.code).toBe('42501');
      const steal = await other.client.from('hosted_rooms').insert({ room_id: 1, host_id: other.id });
      expect(steal.error?.code).toBe('42501');
      expect((await anon.rpc('create_listing')).error?.code).toBe('42501');
    });

    it("another user can neither edit, publish nor unpublish a host's place, nor a seeded room", async () => {
      const id = await publishedListing(host);
      for (const room of [id, 1]) {
        const edit = await other.client.rpc('save_listing', { p_room_id: room, p_fields: { title: 'Mine now' } });
        expect(edit.error?.code).toBe('42501');
        const unpublish = await other.client.rpc('set_listing_published', { p_room_id: room, p_published: false });
        expect(unpublish.error?.code).toBe('42501');
      }
      const edit = await anon.rpc('save_listing', { p_room_id: id, p_fields: { title: 'Mine now' } });
      expect(edit.error?.code).toBe('42501');
      const { data } = await anon.from('Rooms').select('"house-title"').eq('id', id).single();
      expect(data).toEqual({ 'house-title': 'Quiet house by the dunes' });
      expect(await visibleTo(anon, id)).toBe(true);
    });

    it('a host sets only the fields a host sets, each checked', async () => {
      const id = await newListing(host);
      const refused: Array<[Record<string, unknown>, string]> = [
        [{ house_rating: 5 }, 'house_rating'],
        [{ id: 1 }, 'id'],
        [{ host_name: 'Someone famous' }, 'host_name'],
        [{ title: 'x'.repeat(101) }, 'title'],
        [{ title: 42 }, 'title'],
        [{ description: 'x'.repeat(5001) }, 'description'],
        [{ price: 0 }, 'price'],
        [{ price: 1e12 }, 'price'],
        [{ price: 100.5 }, 'price'],
        [{ price: -120 }, 'price'],
        [{ price: '120' }, 'price'],
        [{ price: null }, 'price'],
        [{ currency: 'JPY', price: 15_000_000_000 }, 'price'],
        [{ currency: 'XXX' }, 'currency'],
        [{ cleaning_fee: -1 }, 'cleaning_fee'],
        [{ cleaning_fee: 10.5 }, 'cleaning_fee'],
        [{ cleaning_fee: '50' }, 'cleaning_fee'],
        [{ cleaning_fee: null }, 'cleaning_fee'],
        [{ cleaning_fee: 1e12 }, 'cleaning_fee'],
        [{ weekly_discount: 91 }, 'weekly_discount'],
        [{ weekly_discount: -1 }, 'weekly_discount'],
        [{ weekly_discount: 5.5 }, 'weekly_discount'],
        [{ weekly_discount: '10' }, 'weekly_discount'],
        [{ monthly_discount: null }, 'monthly_discount'],
        [{ monthly_discount: 100 }, 'monthly_discount'],
        [{ currency: 'eur' }, 'currency'],
        [{ currency: 978 }, 'currency'],
        [{ currency: "EUR' or '1'='1" }, 'currency'],
        [{ guests: 17 }, 'guests'],
        [{ guests: 2.5 }, 'guests'],
        [{ beds: '3' }, 'beds'],
        [{ lat: 91 }, 'lat'],
        [{ lng: 'east' }, 'lng'],
        [{ images: ['https://evil.example/x.webp'] }, 'images'],
        [{ images: [photo(other.id, 1)] }, 'images'],
        [{ images: [`${photo(host.id, 1)}/../x`] }, 'images'],
        [{ images: [`${photo(host.id, 1)}/../../${other.id}/${'0'.repeat(32)}`] }, 'images'],
        [{ images: [`/storage/v1/object/public/listing-photos/hosts/${host.id}/../${other.id}/${'0'.repeat(32)}`] }, 'images'],
        [{ images: [photo(host.id, 1).replace('listing-photos', 'avatars')] }, 'images'],
        [{ images: [photo(host.id, 1).replace('/object/public/', '/render/image/public/')] }, 'images'],
        [{ images: [`${photo(host.id, 1)}?width=400`] }, 'images'],
        [{ images: [`${photo(host.id, 1)}.webp`] }, 'images'],
        [{ images: [`${photo(host.id, 1)}-400.webp`] }, 'images'],
        [{ images: [photo(host.id, 1).toUpperCase()] }, 'images'],
        [{ images: [photo(host.id, 1).slice(0, -1)] }, 'images'],
        [{ images: [`/storage/v1/object/public/listing-photos/scenes/scene-001-800.webp`] }, 'images'],
        [{ images: [`http://localhost:54321${photo(host.id, 1)}`] }, 'images'],
        [{ images: [{ path: photo(host.id, 1) }] }, 'images'],
        [{ images: [photo(host.id, 1), photo(host.id, 1)] }, 'images'],
        [{ images: Array.from({ length: 21 }, (_, i) => photo(host.id, i)) }, 'images'],
      ];
      for (const [fields, hint] of refused) {
        const r = await host.client.rpc('save_listing', { p_room_id: id, p_fields: fields });
        expect([r.error?.code, r.error?.hint], JSON.stringify(fields)).toEqual(['22023', hint]);
      }
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: [1] })).error?.code).toBe('22023');
      const saved = await host.client.rpc('save_listing', { p_room_id: id, p_fields: complete(host.id) });
      expect(saved.error).toBeNull();
      const row = (await service.from('Rooms').select('*').eq('id', id).single()).data;
      expect(row).toMatchObject({
        title_1: `Entire place in ${CITY}, Testland`,
        title_2: '4 guests · 2 bedrooms · 2 beds · 1 bathroom',
        max_guests: 4,
        house_rating: null,
        rating_count: '',
        host_name: host.email.split('@')[0],
      });
    });

    it("save_listing takes the caller's originals, and the -800.webp paths of photos stored before originals", async () => {
      const id = await newListing(host);
      const images = [photo(host.id, 7), legacyPhoto(host.id, 8), photo(host.id, 9)];
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images } })).error).toBeNull();
      const row = (await service.from('Rooms').select('images, sleep_bed_1_link, sleep_bed_2_link').eq('id', id).single()).data;
      expect(row).toEqual({ images, sleep_bed_1_link: images[1], sleep_bed_2_link: images[2] });
      // Another user cannot save them, either form.
      const theirs = await newListing(other);
      for (const path of [photo(host.id, 7), legacyPhoto(host.id, 8)]) {
        const r = await other.client.rpc('save_listing', { p_room_id: theirs, p_fields: { images: [path] } });
        expect([r.error?.code, r.error?.hint], path).toEqual(['22023', 'images']);
      }
    });

    it('a host has at most 50 places, however fast they ask', async () => {
      const busy = await driver.signedInUser();
      const answers = await Promise.all(Array.from({ length: 55 }, () => busy.client.rpc('create_listing')));
      expect(answers.filter((a) => a.error === null)).toHaveLength(50);
      expect(answers.filter((a) => a.error?.hint === 'too_many_places')).toHaveLength(5);
    });
  });

  describe('publishing', () => {
    it('an incomplete place is not published; a complete one is found at once, and gone at once when unpublished', async () => {
      const id = await newListing(host);
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: complete(host.id, { images: [] }) });
      const early = await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true });
      expect([early.error?.code, early.error?.hint]).toEqual(['P0001', 'incomplete']);

      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [photo(host.id, 3)] } });
      expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true })).data).toBe('published');
      expect(await visibleTo(anon, id)).toBe(true);
      expect(await searchIds(anon)).toContain(id);
      expect(await searchIds(anon, { guests: 4 })).toContain(id);
      expect(await searchIds(anon, { guests: 5 })).not.toContain(id);

      // A published place stays complete.
      const blank = await host.client.rpc('save_listing', { p_room_id: id, p_fields: { title: '' } });
      expect([blank.error?.code, blank.error?.hint]).toEqual(['P0001', 'incomplete']);
      // Moving it moves its search row.
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { city: 'Quillmouth' } });
      expect(await searchIds(anon, { search_text: 'Quillmouth' })).toContain(id);

      expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: false })).data).toBe('draft');
      expect(await visibleTo(anon, id)).toBe(false);
      expect(await searchIds(anon, { search_text: 'Quillmouth' })).not.toContain(id);
      // Edits of a draft do not bring it back into search.
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { guests: 3 } });
      expect(await searchIds(anon, { search_text: 'Quillmouth' })).not.toContain(id);
    });

    it('a traveller cannot pay for a draft, even by its id', async () => {
      const id = await publishedListing(host);
      await host.client.rpc('set_listing_published', { p_room_id: id, p_published: false });
      const traveller = await driver.signedInUser();
      const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 1));
      expect(created.status).toBeGreaterThanOrEqual(400);
      expect(created.status).toBeLessThan(500);
    });
  });

  describe('blocked dates', () => {
    it('only the host blocks, reads and unblocks their nights; overlaps and out-of-calendar blocks are refused', async () => {
      const id = await publishedListing(host);
      const block = await host.client
        .from('room_blocked_dates')
        .insert({ room_id: id, start_date: isoDay(20), end_date: isoDay(23) })
        .select('id, room_id, start_date, end_date')
        .single();
      expect(block.error).toBeNull();
      const blockId = block.data!.id as number;

      expect((await other.client.from('room_blocked_dates').select('id').eq('room_id', id)).data).toEqual([]);
      expect((await anon.from('room_blocked_dates').select('id')).error?.code).toBe('42501');
      const foreign = await other.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(40), end_date: isoDay(41) });
      expect(foreign.error?.code).toBe('42501');
      const seeded = await host.client.from('room_blocked_dates').insert({ room_id: 1, start_date: isoDay(40), end_date: isoDay(41) });
      expect(seeded.error?.code).toBe('42501');
      const removed = await other.client.from('room_blocked_dates').delete().eq('id', blockId).select('id');
      expect(removed.data).toEqual([]);

      const overlap = await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(22), end_date: isoDay(25) });
      expect(overlap.error?.code).toBe('23P01');
      const past = await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(-5), end_date: isoDay(-2) });
      expect(past.error?.code).toBe('23514');
      const long = await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(30), end_date: isoDay(400) });
      expect(long.error?.code).toBe('23514');
      const forced = await host.client.from('room_blocked_dates').insert({ id: 999_999, room_id: id, start_date: isoDay(50), end_date: isoDay(51) });
      expect(forced.error?.code).toBe('42501');

      expect((await host.client.from('room_blocked_dates').delete().eq('id', blockId).select('id')).data).toEqual([{ id: blockId }]);
    });

    it('blocked nights are taken for search, the calendar and create-payment-intent', async () => {
      const id = await publishedListing(host);
      await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(70), end_date: isoDay(73) });
      expect(await searchIds(anon, { check_in: isoDay(71), check_out: isoDay(72) })).not.toContain(id);
      expect(await searchIds(anon, { check_in: isoDay(73), check_out: isoDay(75) })).toContain(id);
      // Two free nights exist in the window only after the block.
      expect(await searchIds(anon, { check_in: isoDay(69), check_out: isoDay(75), stay_nights: 2 })).toContain(id);
      expect(await searchIds(anon, { check_in: isoDay(69), check_out: isoDay(74), stay_nights: 2 })).not.toContain(id);
      const ranges = await anon.rpc('room_booked_ranges', { room_id: id });
      expect(ranges.data).toEqual([{ start_date: isoDay(70), end_date: isoDay(73) }]);

      const traveller = await driver.signedInUser();
      const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 2, { startDate: isoDay(72), endDate: isoDay(74) }));
      expect(created.status).toBe(409);
    });

    it('a block made while a traveller pays: the payment is refused and refunded, or the block is; never both', async () => {
      for (const blockFirst of [true, false]) {
        const id = await publishedListing(host);
        const traveller = await driver.signedInUser();
        const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 2, { startDate: isoDay(80), endDate: isoDay(82) }));
        expect(created.status).toBe(200);
        expect((await driver.payWith(created.body.clientSecret)).body.status).toBe('succeeded');
        const finalize = () => driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
        const blockIt = () => host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(81), end_date: isoDay(84) });
        let paid, blocked;
        if (blockFirst) {
          blocked = await blockIt();
          paid = await finalize();
        } else {
          [paid, blocked] = await Promise.all([finalize(), blockIt()]);
        }
        const confirmed = (await service.from('Bookings').select('id').eq('room_id', id).eq('status', 'confirmed')).data!;
        const blocks = (await service.from('room_blocked_dates').select('id').eq('room_id', id)).data!;
        expect(confirmed.length + blocks.length).toBe(1);
        if (paid.status === 200) {
          expect(blocked.error?.code).toBe('23P01');
        } else {
          expect([paid.status, paid.body.code]).toEqual([409, 'dates_unavailable']);
          const intent = (await driver.processor(`/payment_intents/${created.body.paymentIntentId}`)).body;
          expect(intent.amount_refunded).toBe(intent.amount);
          expect(blocked.error).toBeNull();
        }
        if (blockFirst) expect(paid.status).toBe(409);
      }
    });
  });

  describe('photos', () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#4a8' } }).png().toBuffer();
    const name = () => crypto.randomUUID().replaceAll('-', '');

    it('a host uploads a photo under their own folder; it is stored as sent, the original, typed by its bytes', async () => {
      const photoName = name();
      const sent = await png(1600, 1200);
      const { data, error } = await host.client.storage
        .from('listing-photos')
        .upload(`hosts/${host.id}/${photoName}`, new Blob([sent], { type: 'image/png' }));
      expect(error).toBeNull();
      expect(data).toMatchObject({ fullPath: `listing-photos/hosts/${host.id}/${photoName}` });
      const response = await fetch(`${backend.url}${photo(host.id, 0).replace('0'.repeat(32), photoName)}`);
      expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([200, 'image/png', 'max-age=3600']);
      expect(Buffer.from(await response.arrayBuffer()).equals(sent)).toBe(true);
      // No widths are written: they are rendered on request (storage-render.test.ts).
      for (const width of [400, 800, 1200]) {
        expect(existsSync(join(backend.dataDir, 'storage', 'listing-photos', 'hosts', host.id, `${photoName}-${width}.webp`))).toBe(false);
      }
      // The same name again is refused: a stored photo is never replaced.
      const again = await host.client.storage.from('listing-photos').upload(`hosts/${host.id}/${photoName}`, new Blob([await png(10, 10)]));
      expect(again.error).not.toBeNull();
    });

    it('of 10 uploads racing for one name, one is stored and the others are told it exists', async () => {
      const photoName = name();
      const file = new Blob([await png(600, 400)], { type: 'image/png' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => host.client.storage.from('listing-photos').upload(`hosts/${host.id}/${photoName}`, file)),
      );
      expect(answers.filter((a) => a.error === null)).toHaveLength(1);
      expect(answers.filter((a) => a.error !== null).map((a) => (a.error as { status?: number }).status)).toEqual(Array(9).fill(409));
    });

    it('a host stores at most 200 photos, however fast they ask: of 500 concurrent uploads, 200 are stored and 300 refused', async () => {
      const burster = await driver.signedInUser();
      const file = new Blob([await png(8, 8)], { type: 'image/png' });
      const answers = await Promise.all(
        Array.from({ length: 500 }, () => burster.client.storage.from('listing-photos').upload(`hosts/${burster.id}/${name()}`, file)),
      );
      expect(answers.filter((a) => a.error === null)).toHaveLength(200);
      const refused = answers.filter((a) => a.error !== null).map((a) => [(a.error as { status?: number }).status, a.error.message]);
      expect(refused).toEqual(Array(300).fill([413, 'A host stores at most 200 photos']));
      expect(readdirSync(join(backend.dataDir, 'storage', 'listing-photos', 'hosts', burster.id)).filter((f) => /^[0-9a-f]{32}$/.test(f))).toHaveLength(200);
      // Removing one frees its place.
      const stored = answers.find((a) => a.error === null)!.data.path;
      expect((await burster.client.storage.from('listing-photos').remove([stored])).data).toHaveLength(1);
      expect((await burster.client.storage.from('listing-photos').upload(`hosts/${burster.id}/${name()}`, file)).error).toBeNull();
      expect((await burster.client.storage.from('listing-photos').upload(`hosts/${burster.id}/${name()}`, file)).error?.message).toBe(
        'A host stores at most 200 photos',
      );
    });

    it("nobody uploads into another user's folder, outside the bucket's hosts folders, or signed out", async () => {
      const file = new Blob([await png(300, 200)], { type: 'image/png' });
      const cases: Array<[SupabaseClient, string, string]> = [
        [other.client, 'listing-photos', `hosts/${host.id}/${name()}`],
        [host.client, 'listing-photos', `scenes/${name()}`],
        [host.client, 'avatars', `hosts/${host.id}/${name()}`],
        [host.client, 'listing-photos', `hosts/${host.id}/${name()}/${name()}`],
        [host.client, 'listing-photos', `hosts/${host.id}/not-a-name`],
        [anon, 'listing-photos', `hosts/${host.id}/${name()}`],
      ];
      for (const [client, bucket, path] of cases) {
        const r = await client.storage.from(bucket).upload(path, file);
        expect(r.error, `${bucket}/${path}`).not.toBeNull();
      }
      expect(existsSync(join(backend.dataDir, 'storage', 'listing-photos', 'scenes', 'x'))).toBe(false);
    });

    it('the bytes decide: text or SVG sent as an image, and files over 10 MB, are refused', async () => {
      const upload = (body: BodyInit, type: string) =>
        fetch(`${backend.url}/storage/v1/object/listing-photos/hosts/${host.id}/${name()}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${host.accessToken}`, apikey: backend.keys.anonKey, 'content-type': type },
          body,
        });
      expect((await upload('<html>hello</html>', 'image/jpeg')).status).toBe(415);
      expect((await upload('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 'image/png')).status).toBe(415);
      expect((await upload(new Uint8Array(11 * 1024 * 1024), 'image/png')).status).toBe(413);
      expect((await upload(await png(200, 200), 'text/plain')).status).toBe(200);
      // A file that says it is an image but stops short of its pixels.
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a48' } }).jpeg().toBuffer();
      expect((await upload(jpeg.subarray(0, 600), 'image/jpeg')).status).toBe(415);
      // Over 40 megapixels.
      const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 1 }).toBuffer();
      expect((await upload(huge, 'image/png')).status).toBe(415);
    });

    it('a stored photo keeps the content type its bytes have, whatever the request said', async () => {
      const photoName = name();
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#48a' } }).jpeg().toBuffer();
      const r = await fetch(`${backend.url}/storage/v1/object/listing-photos/hosts/${host.id}/${photoName}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${host.accessToken}`, apikey: backend.keys.anonKey, 'content-type': 'text/plain', 'cache-control': 'max-age=60' },
        body: jpeg,
      });
      expect(await r.json()).toEqual({
        Key: `listing-photos/hosts/${host.id}/${photoName}`,
        Id: photoName,
        path: `/storage/v1/object/public/listing-photos/hosts/${host.id}/${photoName}`,
      });
      const served = await fetch(`${backend.url}/storage/v1/object/public/listing-photos/hosts/${host.id}/${photoName}`);
      expect([served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual(['image/jpeg', 'max-age=60']);
      // The metadata lives outside the served folder.
      expect((await fetch(`${backend.url}/storage/v1/object/public/listing-photos/hosts/${host.id}/${photoName}.json`)).status).toBe(404);
    });
  });

  describe('cancellation policy', () => {
    const policyOf = async (id: number) =>
      (await service.from('room_cancellation_policies').select('policy').eq('room_id', id)).data?.[0]?.policy ?? 'moderate';

    it('a host chooses flexible, moderate or strict (moderate unless chosen); every other value is refused', async () => {
      const id = await newListing(host);
      expect((await host.client.rpc('my_listings')).data).toContainEqual(expect.objectContaining({ room_id: id, cancellation_policy: 'moderate' }));
      for (const hostile of ['whenever', 'STRICT', '', 42, null, ['strict'], { policy: 'strict' }]) {
        const r = await host.client.rpc('save_listing', { p_room_id: id, p_fields: { title: 'Kept?', cancellation_policy: hostile } });
        expect([r.error?.code, r.error?.hint], JSON.stringify(hostile)).toEqual(['22023', 'cancellation_policy']);
      }
      // Refused whole: nothing of the call was written.
      expect((await host.client.rpc('my_listings')).data).toContainEqual(
        expect.objectContaining({ room_id: id, cancellation_policy: 'moderate', room: expect.objectContaining({ 'house-title': '' }) }),
      );
      for (const policy of ['strict', 'flexible', 'moderate']) {
        expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { cancellation_policy: policy } })).error).toBeNull();
        expect((await host.client.rpc('my_listings')).data).toContainEqual(expect.objectContaining({ room_id: id, cancellation_policy: policy }));
        expect(await policyOf(id)).toBe(policy);
      }
      // An unknown key beside it still refuses the whole call.
      const mixed = await host.client.rpc('save_listing', { p_room_id: id, p_fields: { cancellation_policy: 'strict', host_id: other.id } });
      expect([mixed.error?.code, mixed.error?.hint]).toEqual(['22023', 'host_id']);
      expect(await policyOf(id)).toBe('moderate');
    });

    it("only the host sets a place's policy: not another user, not anon, not on a seeded room, not by writing the table", async () => {
      const id = await publishedListing(host, { cancellation_policy: 'strict' });
      expect(await policyOf(id)).toBe('strict');
      for (const [client, room] of [[other.client, id], [anon, id], [other.client, 1], [host.client, 1]] as const) {
        const r = await client.rpc('save_listing', { p_room_id: room, p_fields: { cancellation_policy: 'flexible' } });
        expect(r.error?.code).toBe('42501');
      }
      // A draft's policy is as hidden as the draft: the table lists no draft's id.
      const draft = await newListing(host);
      await host.client.rpc('save_listing', { p_room_id: draft, p_fields: { cancellation_policy: 'flexible' } });
      for (const client of [anon, other.client, host.client]) {
        expect((await client.from('room_cancellation_policies').select('room_id').in('room_id', [id, draft])).data).toEqual([{ room_id: id }]);
      }
      const direct = await other.client.from('room_cancellation_policies').upsert({ room_id: id, policy: 'flexible' });
      expect(direct.error?.code).toBe('42501');
      expect(await policyOf(id)).toBe('strict');
      expect(await policyOf(1)).toBe('moderate');
    });

    it('50 concurrent changes leave one policy row holding one of the values asked', async () => {
      const id = await newListing(host);
      const asked = Array.from({ length: 50 }, (_, i) => ['flexible', 'moderate', 'strict'][i % 3]!);
      const answers = await Promise.all(
        asked.map((policy) => host.client.rpc('save_listing', { p_room_id: id, p_fields: { cancellation_policy: policy } })),
      );
      expect(answers.filter((a) => a.error !== null)).toEqual([]);
      const rows = (await service.from('room_cancellation_policies').select('policy').eq('room_id', id)).data!;
      expect(rows).toHaveLength(1);
      expect(asked).toContain(rows[0]!.policy);
    });

    it("a trip paid keeps the policy its payment copied; the host's later change applies to new trips only", async () => {
      const id = await publishedListing(host, { cancellation_policy: 'strict' });
      const pay = async (startDay: number) => {
        const traveller = await driver.signedInUser();
        const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 2, { startDate: isoDay(startDay), endDate: isoDay(startDay + 2) }));
        expect(created.status).toBe(200);
        await driver.payWith(created.body.clientSecret);
        const done = await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId });
        expect(done.status).toBe(200);
        return { traveller, paymentId: done.body.payment.id as string };
      };
      const first = await pay(100);
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { cancellation_policy: 'flexible' } })).error).toBeNull();
      const second = await pay(110);
      const policyPaid = async (t: { traveller: User; paymentId: string }) =>
        (await t.traveller.client.from('Payments').select('cancellation_policy').eq('id', t.paymentId).single()).data?.cancellation_policy;
      expect(await policyPaid(first)).toBe('strict');
      expect(await policyPaid(second)).toBe('flexible');
    });
  });

  describe("money in the host's currency", () => {
    const listingOf = async (user: User, id: number) =>
      ((await user.client.rpc('my_listings')).data as Array<{ room_id: number; currency: string; local_price: number }>).find(
        (l) => l.room_id === id,
      )!;
    const moneyOf = async (id: number) =>
      (await service.from('Rooms').select('price, currency, nightly_usd').eq('id', id).single<{ price: number; currency: string; nightly_usd: number }>()).data!;
    const nightlyOf = async (id: number) => (await moneyOf(id)).nightly_usd;
    /** A stay without a cleaning fee or discount: the nights and 11% of them. */
    const noFeeTotal = (usd: number, nights: number) => usd * nights + Math.floor((usd * nights * 11) / 100);

    async function bookAndPay(id: number, startDay: number, nights: number) {
      const traveller = await driver.signedInUser();
      const created = await driver.invoke(
        traveller.client,
        'create-payment-intent',
        stayRequest(id, nights, { startDate: isoDay(startDay), endDate: isoDay(startDay + nights) }),
      );
      expect(created.status).toBe(200);
      await driver.payWith(created.body.clientSecret);
      return { traveller, created: created.body as { paymentIntentId: string; amount: number } };
    }
    const finalize = (t: { traveller: User; created: { paymentIntentId: string } }) =>
      driver.invoke(t.traveller.client, 'finalize-booking', { paymentIntentId: t.created.paymentIntentId });

    it.each([
      ['Portugal', 'EUR', 120, nightlyUsdAtRate(120, 0.9234)],
      ['Japan', 'JPY', 15_000, nightlyUsdAtRate(15_000, 149.87)],
    ])('a host in %s lists at %s %d (the currency from the country): travellers see and pay the converted dollars', async (country, currency, price, usd) => {
      const id = await publishedListing(host, { country, currency: undefined, price, cleaning_fee: 0 });
      expect(await listingOf(host, id)).toMatchObject({ currency, local_price: price });
      // The price is stored as the host typed it, in their currency; the dollars beside it.
      expect(await moneyOf(id)).toEqual({ price, currency, nightly_usd: usd });
      const paid = await bookAndPay(id, 120, 3);
      expect(paid.created.amount).toBe(amountInCents(noFeeTotal(usd, 3)));
      const done = await finalize(paid);
      expect(done.status).toBe(200);
      const payment = (await service.from('Payments').select('amount, nightly_usd').eq('id', done.body.payment.id).single()).data;
      expect(payment).toEqual({ amount: noFeeTotal(usd, 3), nightly_usd: usd });
    });

    it('the database converts exactly as the shared rule does, for every rate in the table and many prices', async () => {
      const rates = (await anon.from('currency_rates').select('currency, per_usd, as_of')).data!;
      expect(rates.length).toBeGreaterThanOrEqual(40);
      expect(rates).toContainEqual({ currency: 'INR', per_usd: 83, as_of: expect.any(String) });
      const perUsd = [...rates.map((r) => Number(r.per_usd)), 0.1, 0.3, 0.7, 3.6725, 1.000001, 99_999.999999];
      const prices = [1, 7, 9, 83, 99, 120, 999, 8301, 15_000, 123_457, 9_999_999];
      const pairs = perUsd.flatMap((rate) => prices.map((price) => [price, rate] as const));
      for (let i = 0; i < pairs.length; i += 40) {
        const batch = pairs.slice(i, i + 40);
        const answers = await Promise.all(
          batch.map(([price, rate]) => service.rpc('nightly_usd_at_rate', { p_local_price: price, p_per_usd: rate })),
        );
        batch.forEach(([price, rate], j) => {
          expect([price, rate, Number(answers[j]!.data)]).toEqual([price, rate, nightlyUsdAtRate(price, rate)]);
        });
      }
    });

    it('rates are read by anyone and written by no traveller; the host changes the currency and the price follows', async () => {
      expect((await host.client.from('currency_rates').insert({ currency: 'ABC', per_usd: 1, as_of: '2026-01-01' })).error?.code).toBe('42501');
      expect((await anon.from('currency_rates').update({ per_usd: 0.0001 }).eq('currency', 'EUR').select()).error?.code).toBe('42501');
      expect((await host.client.from('country_currencies').insert({ country: 'Portugal', currency: 'USD' })).error?.code).toBe('42501');
      const id = await publishedListing(host, { country: 'Portugal', currency: undefined, price: 120, cleaning_fee: 0 });
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { currency: 'USD' } })).error).toBeNull();
      expect(await listingOf(host, id)).toMatchObject({ currency: 'USD', local_price: 120 });
      expect(await moneyOf(id)).toEqual({ price: 120, currency: 'USD', nightly_usd: 120 });
    });

    it('a price, currency or rate change never touches a confirmed booking; between quote and payment it refuses and refunds', async () => {
      const id = await publishedListing(host, { country: 'Portugal', currency: 'EUR', price: 120, cleaning_fee: 0 });
      const usd = nightlyUsdAtRate(120, 0.9234);
      const booked = await bookAndPay(id, 130, 2);
      const done = await finalize(booked);
      expect(done.status).toBe(200);
      const payment = async () =>
        (await service.from('Payments').select('amount, nightly_usd, cancellation_policy').eq('id', done.body.payment.id).single()).data;
      const before = await payment();
      expect(before).toEqual({ amount: noFeeTotal(usd, 2), nightly_usd: usd, cancellation_policy: 'moderate' });

      // Quoted at EUR 120, then the host asks 200 before the traveller's payment is recorded.
      const quoted = await bookAndPay(id, 140, 2);
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { price: 200 } })).error).toBeNull();
      const refused = await finalize(quoted);
      expect([refused.status, refused.body.code]).toEqual([409, 'terms_changed']);
      const intent = (await driver.processor(`/payment_intents/${quoted.created.paymentIntentId}`)).body;
      expect(intent.amount_refunded).toBe(intent.amount);

      // An operator replaces the euro's rate: the place is repriced, the payment is not.
      const rate = async (perUsd: number) =>
        expect((await service.from('currency_rates').update({ per_usd: perUsd, as_of: '2026-12-01' }).eq('currency', 'EUR')).error).toBeNull();
      await rate(0.5);
      expect(await nightlyOf(id)).toBe(400);
      await rate(0.9234);
      expect(await nightlyOf(id)).toBe(nightlyUsdAtRate(200, 0.9234));
      expect(await payment()).toEqual(before);
      const reservation = ((await host.client.rpc('host_reservations')).data as Array<{ room_id: number; total: number }>).find((r) => r.room_id === id);
      expect(reservation?.total).toBe(before!.amount);
      // A rate a place uses cannot be removed from under it.
      expect((await service.from('currency_rates').delete().eq('currency', 'EUR')).error?.code).toBe('23503');
    });

    it('50 concurrent price changes leave the price of one of them, in its currency', async () => {
      const id = await publishedListing(host, { country: 'Japan', currency: 'JPY', price: 15_000, cleaning_fee: 0 });
      const asked = Array.from({ length: 50 }, (_, i) => ({ currency: i % 2 ? 'JPY' : 'EUR', price: 100 + i }));
      const answers = await Promise.all(asked.map((f) => host.client.rpc('save_listing', { p_room_id: id, p_fields: f })));
      expect(answers.map((a) => a.error)).toEqual(asked.map(() => null));
      const { currency, local_price } = await listingOf(host, id);
      expect(asked).toContainEqual({ currency, price: local_price });
      const perUsd = currency === 'JPY' ? 149.87 : 0.9234;
      expect(await moneyOf(id)).toEqual({ price: local_price, currency, nightly_usd: nightlyUsdAtRate(local_price, perUsd) });
    });
  });

  describe('deleting drafts', () => {
    const png = () => sharp({ create: { width: 600, height: 400, channels: 3, background: '#48a' } }).png().toBuffer();
    const fileOf = (path: string) => join(backend.dataDir, 'storage', path.replace('/storage/v1/object/public/', ''));
    const rendersOf = (path: string) => join(backend.dataDir, 'storage-render', path.replace('/storage/v1/object/public/', ''));
    const render = (path: string) => fetch(`${backend.url}${path.replace('/object/public/', '/render/image/public/')}?width=400&height=267`);

    /** A photo uploaded by `user`; its path as "Rooms".images holds it. */
    async function uploaded(user: User): Promise<string> {
      const name = crypto.randomUUID().replaceAll('-', '');
      const { error } = await user.client.storage.from('listing-photos').upload(`hosts/${user.id}/${name}`, new Blob([await png()], { type: 'image/png' }));
      if (error) throw error;
      return `/storage/v1/object/public/listing-photos/hosts/${user.id}/${name}`;
    }
    const deleteListing = (user: User | { client: SupabaseClient }, roomId: unknown) => driver.invoke(user.client, 'delete-listing', { roomId });

    it("a host deletes their draft: the place, its policy, blocks and wishlist entries go, and its photos leave Storage (with their renders) unless another place shows them", async () => {
      const [a, b, shared] = [await uploaded(host), await uploaded(host), await uploaded(host)];
      for (const path of [a, b, shared]) expect((await render(path)).status).toBe(200);
      const id = await publishedListing(host, { images: [a, b, shared], cancellation_policy: 'strict' });
      const keeper = await publishedListing(host, { images: [shared] });
      await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(20), end_date: isoDay(22) });
      expect((await other.client.from('Favorites').insert({ item_id: id })).error).toBeNull();
      expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: false })).data).toBe('draft');

      const r = await deleteListing(host, id);
      expect([r.status, r.body]).toEqual([200, { deleted: id, photosRemoved: 2, photosLeft: 0 }]);
      expect((await service.from('Rooms').select('id').eq('id', id)).data).toEqual([]);
      for (const table of ['hosted_rooms', 'room_cancellation_policies', 'room_blocked_dates'] as const) {
        expect((await service.from(table).select('room_id').eq('room_id', id)).data, table).toEqual([]);
      }
      expect((await service.from('Favorites').select('id').eq('item_id', id)).data).toEqual([]);
      for (const path of [a, b]) {
        expect(existsSync(fileOf(path))).toBe(false);
        expect(existsSync(rendersOf(path))).toBe(false);
        expect((await render(path)).status).toBe(404);
      }
      expect(existsSync(fileOf(shared))).toBe(true);
      expect(existsSync(rendersOf(shared))).toBe(true);
      expect((await fetch(`${backend.url}${a}`)).status).toBe(404);
      expect((await fetch(`${backend.url}${shared}`)).status).toBe(200);
      expect((await host.client.rpc('my_listings')).data!.map((l: { room_id: number }) => l.room_id)).toContain(keeper);
      // Gone: a second call finds nothing.
      expect((await deleteListing(host, id)).status).toBe(404);
    });

    it('never a published place, never one a traveller paid for, never another user\'s, never signed out', async () => {
      const published = await publishedListing(host);
      const r = await deleteListing(host, published);
      expect([r.status, r.body.code]).toEqual([409, 'listing_published']);

      const booked = await publishedListing(host);
      const traveller = await driver.signedInUser();
      const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(booked, 2, { startDate: isoDay(120), endDate: isoDay(122) }));
      await driver.payWith(created.body.clientSecret);
      expect((await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId })).status).toBe(200);
      await host.client.rpc('set_listing_published', { p_room_id: booked, p_published: false });
      const refused = await deleteListing(host, booked);
      expect([refused.status, refused.body.code]).toEqual([409, 'listing_booked']);
      // Cancelled, the trip still keeps its place.
      const paymentId = (await traveller.client.from('Payments').select('id').eq('room_id', booked).single()).data!.id;
      expect((await driver.invoke(traveller.client, 'cancel-booking', { paymentId })).status).toBe(200);
      expect((await deleteListing(host, booked)).body.code).toBe('listing_booked');

      const draft = await newListing(host);
      for (const [who, room] of [[other, draft], [other, 1], [host, 1]] as const) {
        const theirs = await deleteListing(who, room);
        expect([theirs.status, theirs.body.code]).toEqual([404, 'listing_not_found']);
      }
      expect((await anon.rpc('delete_listing', { p_room_id: draft })).error?.code).toBe('42501');
      expect((await other.client.rpc('delete_listing', { p_room_id: draft })).error?.code).toBe('42501');
      expect((await anon.functions.invoke('delete-listing', { body: { roomId: draft } })).error).not.toBeNull();
      for (const hostile of ['1', -1, 1.5, null, 2 ** 60]) {
        expect((await deleteListing(host, hostile)).status, JSON.stringify(hostile)).toBe(400);
      }
      for (const room of [published, booked, draft, 1]) {
        expect((await service.from('Rooms').select('id').eq('id', room)).data, String(room)).toEqual([{ id: room }]);
      }
    });

    it('of 50 concurrent deletions of one draft, one deletes it and the others find nothing', async () => {
      const photo = await uploaded(host);
      const id = await newListing(host);
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [photo] } });
      const answers = await Promise.all(Array.from({ length: 50 }, () => host.client.rpc('delete_listing', { p_room_id: id })));
      expect(answers.filter((a) => a.error === null).map((a) => a.data)).toEqual([[photo]]);
      expect(answers.filter((a) => a.error !== null).map((a) => a.error?.code)).toEqual(Array(49).fill('42501'));
      expect((await service.from('Rooms').select('id').eq('id', id)).data).toEqual([]);
    });
  });

  describe('removing photos', () => {
    const png = () => sharp({ create: { width: 600, height: 400, channels: 3, background: '#a84' } }).png().toBuffer();
    async function upload(user: User): Promise<{ name: string; path: string }> {
      const file = crypto.randomUUID().replaceAll('-', '');
      const name = `hosts/${user.id}/${file}`;
      const { error } = await user.client.storage.from('listing-photos').upload(name, new Blob([await png()], { type: 'image/png' }));
      if (error) throw error;
      return { name, path: `/storage/v1/object/public/listing-photos/${name}` };
    }
    /** The statuses of the original and of a render of it (which a first request caches). */
    const stored = async (name: string) =>
      Promise.all(
        [`/storage/v1/object/public/listing-photos/${name}`, `/storage/v1/render/image/public/listing-photos/${name}?width=400&height=267&resize=cover`].map(
          async (url) => (await fetch(`${backend.url}${url}`)).status,
        ),
      );
    const renders = (name: string) => join(backend.dataDir, 'storage-render', 'listing-photos', name);

    it('a host removes their own photo with storage.remove: the original, its metadata and its cached renders are gone', async () => {
      const photo = await upload(host);
      expect(await stored(photo.name)).toEqual([200, 200]);
      expect(existsSync(renders(photo.name))).toBe(true);
      const { data, error } = await host.client.storage.from('listing-photos').remove([photo.name]);
      expect(error).toBeNull();
      expect(data).toEqual([expect.objectContaining({ bucket_id: 'listing-photos', name: photo.name })]);
      expect(existsSync(renders(photo.name))).toBe(false);
      expect(existsSync(join(backend.dataDir, 'storage-meta', 'listing-photos', `${photo.name}.json`))).toBe(false);
      expect(await stored(photo.name)).toEqual([404, 404]);
      // Removing it again removes nothing.
      expect((await host.client.storage.from('listing-photos').remove([photo.name])).data).toEqual([]);
    });

    it('reads while the photo is removed each answer whole or 404: never a broken answer', async () => {
      const photo = await upload(host);
      const original = await (await fetch(`${backend.url}${photo.path}`)).arrayBuffer();
      const read = async (url: string) => {
        const response = await fetch(`${backend.url}${url}`);
        const body = await response.arrayBuffer();
        return { status: response.status, bytes: body.byteLength };
      };
      const urls = [photo.path, `/storage/v1/render/image/public/listing-photos/${photo.name}?width=800&height=533&resize=cover`];
      const reads = Array.from({ length: 40 }, (_, i) => read(urls[i % 2]!));
      const removal = host.client.storage.from('listing-photos').remove([photo.name]);
      const answers = await Promise.all(reads);
      expect((await removal).error).toBeNull();
      for (const [i, answer] of answers.entries()) {
        if (answer.status === 404) continue;
        expect(answer.status, urls[i % 2]).toBe(200);
        if (i % 2 === 0) expect(answer.bytes).toBe(original.byteLength);
        else expect(answer.bytes).toBeGreaterThan(0);
      }
      expect(await stored(photo.name)).toEqual([404, 404]);
    });

    it("nobody removes another user's photo, signed out, by another name, or in another bucket", async () => {
      const photo = await upload(host);
      const file = photo.name.split('/')[2]!;
      for (const name of [photo.name, `hosts/${other.id}/../${host.id}/${file}`, `hosts/${other.id}/${file}`]) {
        const r = await other.client.storage.from('listing-photos').remove([name]);
        expect([r.error, r.data], name).toEqual([null, []]);
      }
      const signedOut = await anon.storage.from('listing-photos').remove([photo.name]);
      expect(signedOut.error).not.toBeNull();
      const forged = await fetch(`${backend.url}/storage/v1/object/listing-photos`, {
        method: 'DELETE',
        headers: { apikey: backend.keys.anonKey, Authorization: `Bearer ${host.accessToken}x`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: [photo.name] }),
      });
      expect(forged.status).toBe(401);
      for (const name of [`${photo.name}-800.webp`, `${photo.name}/`, `hosts/${host.id}`, 'hosts', photo.name.toUpperCase()]) {
        expect((await host.client.storage.from('listing-photos').remove([name])).data, name).toEqual([]);
      }
      expect((await host.client.storage.from('avatars').remove([photo.name])).error).not.toBeNull();
      const hostile = await fetch(`${backend.url}/storage/v1/object/listing-photos`, {
        method: 'DELETE',
        headers: { apikey: backend.keys.anonKey, Authorization: `Bearer ${host.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: [{ name: photo.name }] }),
      });
      expect(hostile.status).toBe(400);
      expect(await stored(photo.name)).toEqual([200, 200]);
    });

    it('a photo a place still shows is not removed; saved without it, it is', async () => {
      const [kept, dropped] = [await upload(host), await upload(host)];
      const id = await newListing(host);
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [kept.path, dropped.path] } });
      expect((await host.client.storage.from('listing-photos').remove([kept.name, dropped.name])).data).toEqual([]);
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [kept.path] } });
      const r = await host.client.storage.from('listing-photos').remove([kept.name, dropped.name]);
      expect(r.data!.map((o) => o.name)).toEqual([dropped.name]);
      expect(await stored(kept.name)).toEqual([200, 200]);
      expect(await stored(dropped.name)).toEqual([404, 404]);
    });

    it('a photo stored as three widths before originals still shows, is kept while a place shows it, then is removed whole', async () => {
      const file = crypto.randomUUID().replaceAll('-', '');
      const name = `hosts/${host.id}/${file}`;
      const folder = join(backend.dataDir, 'storage', 'listing-photos', 'hosts', host.id);
      mkdirSync(folder, { recursive: true });
      for (const width of [400, 800, 1200]) {
        const bytes = await sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: '#8a4' } }).webp().toBuffer();
        writeFileSync(join(folder, `${file}-${width}.webp`), bytes);
      }
      const legacy = `/storage/v1/object/public/listing-photos/${name}-800.webp`;
      const id = await newListing(host);
      expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [legacy] } })).error).toBeNull();
      expect((await fetch(`${backend.url}${legacy}`)).status).toBe(200);
      expect((await host.client.storage.from('listing-photos').remove([name])).data).toEqual([]);
      await host.client.rpc('save_listing', { p_room_id: id, p_fields: { images: [] } });
      expect((await host.client.storage.from('listing-photos').remove([name])).data!.map((o) => o.name)).toEqual([name]);
      for (const width of [400, 800, 1200]) expect(existsSync(join(folder, `${file}-${width}.webp`))).toBe(false);
    });

    it('of 50 concurrent removals of one photo, one reports it removed', async () => {
      const photo = await upload(host);
      const answers = await Promise.all(Array.from({ length: 50 }, () => host.client.storage.from('listing-photos').remove([photo.name])));
      expect(answers.filter((a) => a.error !== null)).toEqual([]);
      expect(answers.flatMap((a) => a.data ?? [])).toHaveLength(1);
      expect(await stored(photo.name)).toEqual([404, 404]);
    });
  });

  describe('reservations', () => {
    it("a host sees their upcoming stays: the guest's name, dates, nights, total and state, nothing more", async () => {
      const id = await publishedListing(host, { title: 'Reserved house' });
      const traveller = await driver.signedInUser();
      const created = await driver.invoke(traveller.client, 'create-payment-intent', stayRequest(id, 3, { startDate: isoDay(90), endDate: isoDay(93) }));
      expect(created.status).toBe(200);
      await driver.payWith(created.body.clientSecret);
      expect((await driver.invoke(traveller.client, 'finalize-booking', { paymentIntentId: created.body.paymentIntentId })).status).toBe(200);

      const mine = await host.client.rpc('host_reservations');
      expect(mine.error).toBeNull();
      const row = (mine.data as Array<Record<string, unknown>>).find((r) => r.room_id === id)!;
      expect(row).toEqual({
        booking_id: created.body.bookingId,
        room_id: id,
        room_title: 'Reserved house',
        guest_name: 'Ada Lovelace',
        start_date: isoDay(90),
        end_date: isoDay(93),
        nights: 3,
        total: specChargeCents(8300, 3) / 100,
        currency: 'usd',
        // (an instant place: a confirmed stay, no request to answer)
        status: 'confirmed',
        request_expires_at: null,
      });
      expect(((await other.client.rpc('host_reservations')).data as unknown[]).length).toBe(0);
      expect((await anon.rpc('host_reservations')).error?.code).toBe('42501');
      // The host still cannot read the booking or the payment themselves.
      expect((await host.client.from('Bookings').select('id').eq('room_id', id)).data).toEqual([]);
      expect((await host.client.from('Payments').select('id').eq('room_id', id)).data).toEqual([]);
      // Unpublished, the place stays readable to the traveller who booked it (their trip), to
      // nobody else, and search finds it for no one.
      await host.client.rpc('set_listing_published', { p_room_id: id, p_published: false });
      expect(await visibleTo(traveller.client, id)).toBe(true);
      expect(await visibleTo(other.client, id)).toBe(false);
      expect(await visibleTo(anon, id)).toBe(false);
      expect(await searchIds(traveller.client)).not.toContain(id);
      const trips = await traveller.client.from('Payments').select('room:Rooms(id)').eq('room_id', id);
      expect(trips.data).toEqual([{ room: { id } }]);
      await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true });
      // Nor block the booked nights.
      const onBooked = await host.client.from('room_blocked_dates').insert({ room_id: id, start_date: isoDay(92), end_date: isoDay(95) });
      expect(onBooked.error?.code).toBe('23P01');
    });
  });
});
