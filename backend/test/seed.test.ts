// The first-start seed: listings, photos and avatars, read back through supabase-js.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/seed/categories.ts';
import { DEFAULT_ROOM_COUNT, resolveConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import { roomAt, settingCities, USD_RATE } from '../src/seed/rooms.ts';
import { sceneOfUrl } from '../src/seed/photos.ts';
import { isBedroom } from '../src/seed/scenes/kinds.ts';
import { databases, startTestBackend, type TestBackend } from './support/backend.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

interface Room {
  id: number;
  filter: string;
  images: string[];
  price: number;
  house_rating: number | null;
  rating_count: string;
  guest_favorite: string;
  max_guests: number;
  guest_count: string;
  host_name: string;
  host_image: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
}

describe('seed generator', () => {
  it('is deterministic', () => {
    expect(roomAt(123)).toEqual(roomAt(123));
    expect(roomAt(1)).not.toEqual(roomAt(2));
  });

  it('reads SEED_ROOMS, 1,000 by default', () => {
    const rooms = (env: Record<string, string>) => resolveConfig({}, env).seed.rooms;
    expect(DEFAULT_ROOM_COUNT).toBe(1000);
    expect(rooms({})).toBe(1000);
    expect(rooms({ SEED_ROOMS: '100000' })).toBe(100000);
    expect(() => rooms({ SEED_ROOMS: 'lots' })).toThrow('SEED_ROOMS');
    expect(() => rooms({ SEED_ROOMS: '-1' })).toThrow('SEED_ROOMS');
  });

  const sample = Array.from({ length: 3000 }, (_, n) => roomAt(n));
  const sceneKinds = (images: string[]) => images.map((url) => sceneOfUrl(url).kind);
  const placesOf = (setting: string) => new Set(settingCities().get(setting as never)!.map((city) => city.name));

  it.each([
    ['Beach', 'coast', 'beach'],
    ['Surfing', 'coast', 'surf'],
    ['Skiing', 'mountain', 'ski'],
    ['Cabins', 'mountain', 'cabin'],
    ['Castles', 'castle', 'castle'],
    ['Caves', 'desert', 'cave'],
    ['Lake', 'lake', 'lake'],
    ['Domes', 'desert', 'dome'],
    ['Treehouses', 'mountain', 'treehouse'],
    ['A-frames', 'mountain', 'aframe'],
    ['Houseboats', 'lake', 'boat'],
    ['Trulli', 'apulia', 'trullo'],
    ['Cycladic homes', 'cyclades', 'cycladic'],
    ['Ryokans', 'japan', 'eastern'],
    ['Hanoks', 'korea', 'eastern'],
    ['Minsus', 'taiwan', 'eastern'],
    ['Vineyards', 'wine', 'vineyard'],
  ])('%s homes are in %s cities and lead with %s photos', (category, setting, kind) => {
    const rooms = sample.filter((room) => room.filter === category);
    expect(rooms.length).toBeGreaterThan(10);
    const places = placesOf(setting);
    for (const room of rooms) {
      expect([room.city, places.has(room.city)]).toEqual([room.city, true]);
      expect(sceneKinds(room.images)[0]).toBe(kind);
    }
  });

  it.each([
    ['Yurts', 'yurt'],
    ['Windmills', 'windmill'],
    ['Boats', 'boat'],
    ['Towers', 'tower'],
    ['Barns', 'barn'],
    ['Farms', 'barn'],
    ['Trulli', 'trullo'],
    ['Containers', 'container'],
    ['Cycladic homes', 'cycladic'],
    ['Ryokans', 'eastern'],
    ['Hanoks', 'eastern'],
    ['Campers', 'camper'],
    ['Vineyards', 'vineyard'],
    ['Caves', 'cave'],
    ['Riads', 'riad'],
    ['Arctic', 'arctic'],
    ['Islands', 'island'],
    ['Surfing', 'surf'],
    ['Skiing', 'ski'],
    ['Golfing', 'golf'],
    ['Mansions', 'mansion'],
    ['Historical homes', 'historic'],
    ["Shepherd's huts", 'shepherd'],
    ['OMG!', 'omg'],
  ])('%s homes show their own building: %s scenes outside, no other kind of building', (category, kind) => {
    const rooms = sample.filter((room) => room.filter === category);
    expect(rooms.length).toBeGreaterThan(10);
    for (const room of rooms) {
      expect(sceneKinds(room.images)[0]).toBe(kind);
      expect(new Set(sceneKinds(room.images))).toEqual(new Set(sceneKinds(room.images).filter((k) => k === kind || k === 'interior')));
    }
  });

  it("'Where you'll sleep' shows bedrooms, and they are among the listing's own photos", () => {
    const bedroom = (url: string) => isBedroom(sceneOfUrl(url));
    for (const room of sample.filter((r) => !['Rooms', "Chef's kitchens", 'Grand pianos', 'Adapted', 'Creative spaces'].includes(r.filter))) {
      expect([room.sleep_bed_1_link, bedroom(room.sleep_bed_1_link), bedroom(room.sleep_bed_2_link)]).toEqual([room.sleep_bed_1_link, true, true]);
      expect(room.images).toEqual(expect.arrayContaining([room.sleep_bed_1_link, room.sleep_bed_2_link]));
    }
  });

  it("a castle is a castle: no castle scene outside Castles, and Castles' heroes are castles", () => {
    for (const room of sample) {
      if (room.filter !== 'Castles') expect(sceneKinds(room.images)).not.toContain('castle');
    }
  });

  it("a listing's texts repeat its own numbers: guests, bedrooms, beds and the host's years", () => {
    for (const room of sample) {
      const bedrooms = Number(room.bedroom_count.split(' ')[0]);
      const beds = Number(room.bed_count.split(' ')[0]);
      expect(room.guest_count).toBe(`${room.max_guests} ${room.max_guests === 1 ? 'guest' : 'guests'}`);
      expect(room.title_2).toContain(room.guest_count);
      expect(room.title_2).toContain(room.bedroom_count);
      expect(room.title_2).toContain(room.bed_count);
      expect(room.house_description).toContain(`Sleeps ${room.max_guests} in ${room.bedroom_count}`);
      expect(room.house_description).toContain(room.bed_count);
      expect(beds).toBeGreaterThanOrEqual(bedrooms);
      expect(room.host_description).toContain('hosting for 6 years');
    }
  });

  it('a description never repeats its highlights', () => {
    for (const room of sample) {
      const [first, second] = /\. ([^.]*?), ([^.]*?) and a calm place/.exec(room.house_description)!.slice(1) as [string, string];
      expect(first.toLowerCase()).not.toBe(second.toLowerCase());
    }
  });

  it('names about 60 distinct categories, including the spec examples', () => {
    expect(new Set(CATEGORIES).size).toBe(60);
    for (const name of ['Amazing pools', 'Farms', 'OMG!', 'Tiny homes', 'Beach', 'Cabins', 'Castles', 'Luxe', 'Rooms', 'Tropical', 'Domes', 'Skiing', 'Surfing', 'Yurts', 'Barns', 'Riads', 'Trulli', 'Lake']) {
      expect(CATEGORIES).toContain(name);
    }
  });
});

describe.each(databases())('seeded backend on %s', (kind) => {
  let backend: TestBackend;
  let rooms: Room[];

  beforeAll(async () => {
    backend = await startTestBackend(kind, { migrationsDir: MIGRATIONS, freshSeed: true });
    const { data, error } = await backend
      .client()
      .from('Rooms')
      .select('id, filter, images, price, house_rating, rating_count, guest_favorite, max_guests, guest_count, host_name, host_image, city, country, lat, lng')
      .order('id');
    if (error) throw error;
    rooms = data;
  }, 240_000);
  afterAll(async () => {
    await backend?.close();
  });

  it('has at least 1,000 listings over every category', () => {
    expect(rooms.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(rooms.map((r) => r.filter))).toEqual(new Set(CATEGORIES));
  });

  it('gives every listing 5 to 7 distinct backend-relative photos', () => {
    for (const room of rooms) {
      expect(room.images.length).toBeGreaterThanOrEqual(5);
      expect(room.images.length).toBeLessThanOrEqual(7);
      expect(new Set(room.images).size).toBe(room.images.length);
      for (const url of room.images) expect(url).toMatch(/^\/storage\/v1\/object\/public\/listing-photos\/scenes\/scene-\d{3}-800\.webp$/);
    }
  });

  it('serves the photos as WebP at 400, 800 and 1200 px, and the host avatars', async () => {
    const url = rooms[0]!.images[0]!;
    for (const width of [400, 800, 1200]) {
      const res = await fetch(backend.url + url.replace('-800.webp', `-${width}.webp`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    const avatar = await fetch(backend.url + rooms[0]!.host_image);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('prices in local currency between 40 and 900 US dollars a night', () => {
    for (const room of rooms) {
      const usd = Math.ceil(Number(room.price) / USD_RATE);
      expect(usd).toBeGreaterThanOrEqual(40);
      expect(usd).toBeLessThanOrEqual(900);
    }
  });

  it('mixes ratings, review counts and guest favourites', () => {
    // A listing's figures come from its reviews: none without any.
    const rated = rooms.filter((r) => r.house_rating !== null);
    expect(rooms.filter((r) => r.house_rating === null).every((r) => r.rating_count === '')).toBe(true);
    expect(rated.length).toBeGreaterThan(rooms.length * 0.9);
    const ratings = rated.map((r) => Number(r.house_rating));
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(5);
    expect(ratings.some((r) => r <= 2)).toBe(true);
    const reviewCounts = rated.map((r) => Number(/^\((\d+)\)$/.exec(r.rating_count)![1]));
    expect(reviewCounts.some((n) => n > 10)).toBe(true);
    expect(reviewCounts.some((n) => n <= 10)).toBe(true);
    expect(rooms.some((r) => r.guest_favorite === 'Guest favourite')).toBe(true);
    expect(rooms.every((r) => r.guest_favorite === 'Guest favourite' || r.guest_favorite === '')).toBe(true);
  });

  it("writes the catalogue's reviews as rows, which give each listing its figures", async () => {
    const room = rooms.find((r) => Number(/\d+/.exec(r.rating_count)?.[0]) > 10)!;
    const service = backend.client(backend.keys.serviceRoleKey);
    const { data, error } = await service.from('reviews').select('rating, author_name, body, booking_id, author_id').eq('room_id', room.id).order('created_at', { ascending: false });
    if (error) throw error;
    expect(`(${data.length})`).toBe(room.rating_count);
    const average = data.reduce((sum, r) => sum + r.rating, 0) / data.length;
    expect(Number(room.house_rating)).toBeCloseTo(average, 2);
    expect(data.every((r) => r.booking_id === null && r.author_id === null)).toBe(true);
    expect(data.slice(0, 4).map((r) => r.author_name)).toEqual(['Maya', 'Daniel', 'Priya', 'Lukas']);
    expect(data.slice(0, 4).every((r) => r.body.length > 20) && data.slice(4).every((r) => r.body === '')).toBe(true);
  });

  it('puts listings in real cities of many countries, sleeping 1 to 16 with matching text', () => {
    expect(new Set(rooms.map((r) => r.country)).size).toBeGreaterThan(50);
    const lisbon = rooms.find((r) => r.city === 'Lisbon');
    if (lisbon) expect(Math.abs(lisbon.lat - 38.72)).toBeLessThan(0.2);
    for (const room of rooms) {
      expect(room.max_guests).toBeGreaterThanOrEqual(1);
      expect(room.max_guests).toBeLessThanOrEqual(16);
      expect(room.guest_count).toBe(`${room.max_guests} guest${room.max_guests === 1 ? '' : 's'}`);
      expect(Math.abs(room.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(room.lng)).toBeLessThanOrEqual(180);
      expect(room.host_name).toBeTruthy();
    }
  });

  it('makes no shared account: public-config.json holds no credentials', () => {
    const config = JSON.parse(readFileSync(join(backend.dataDir, 'public-config.json'), 'utf8')) as Record<string, unknown>;
    expect(config).not.toHaveProperty('guestEmail');
    expect(config).not.toHaveProperty('guestPassword');
  });

  it('does nothing on a second start', async () => {
    await seedIfEmpty(backend.ctx);
    const { count } = await backend.client().from('Rooms').select('id', { count: 'exact' }).limit(1);
    expect(count).toBe(rooms.length);
  });
});
