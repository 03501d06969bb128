// Host places for the backend suites, made with supabase-js as the listing editor makes them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';

/** A city no seeded room is in, so that searches find the tests' rooms only. */
export const HOST_CITY = 'Quillbury';

/** A host photo's path as "Rooms".images holds it: the original's public path. */
export const hostPhoto = (userId: string, n: number) =>
  `/storage/v1/object/public/listing-photos/hosts/${userId}/${n.toString(16).padStart(32, '0')}`;

/**
 * Everything a published place needs, in the host's words: rupees at the spec's 83, so $100 a
 * night, and a cleaning fee of $70 (the spec's 70% of a night), so its stays cost what a catalogue
 * place at 8300 rupees costs.
 */
export const completeListing = (userId: string, overrides: Record<string, unknown> = {}) => ({
  category: 'Beach',
  title: 'Quiet house by the dunes',
  description: 'Two rooms, a garden and the sea at the end of the lane.',
  address: '1 Dune Lane',
  city: HOST_CITY,
  country: 'Testland',
  lat: 51.5,
  lng: -0.12,
  currency: 'INR',
  price: 8300,
  cleaning_fee: 70 * 83,
  guests: 4,
  bedrooms: 2,
  beds: 2,
  baths: 1,
  images: [hostPhoto(userId, 1), hostPhoto(userId, 2)],
  ...overrides,
});

/** A published place of the host's: `completeListing` with `overrides`. */
export async function publishedListing(host: { client: SupabaseClient; id: string }, overrides: Record<string, unknown> = {}): Promise<number> {
  const { data: id, error } = await host.client.rpc('create_listing');
  if (error) throw error;
  expect((await host.client.rpc('save_listing', { p_room_id: id, p_fields: completeListing(host.id, overrides) })).error).toBeNull();
  expect((await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true })).data).toBe('published');
  return id as number;
}
