/**
 * Helpers of the host-side suites: a place of a test host's, made through the API as the listing
 * editor makes it, in Longyearbyen (where the seed puts none), so a test books no room of the
 * shared catalogue.
 */
import { siteConfig, type TestUser } from './checkoutSupport';

export const HOST_CITY = 'Longyearbyen';

/** A photo of the seed's (a WebP the backend serves), as a host would pick it from disk. */
export async function photoFile(scene: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { supabaseUrl } = await siteConfig();
  const file = `scene-${String(scene).padStart(3, '0')}-1200.webp`;
  const response = await fetch(`${supabaseUrl}/storage/v1/object/public/listing-photos/scenes/${file}`);
  return { name: file, mimeType: 'image/webp', buffer: Buffer.from(await response.arrayBuffer()) };
}

/**
 * A place of `host`'s with one uploaded photo: published unless `draft`, at $100 a night for two
 * with a $70 cleaning fee (so its stays cost what the spec's $100 catalogue place's do) unless
 * `fields` say otherwise.
 */
export async function publishedPlace(
  host: TestUser,
  title: string,
  { draft = false, fields = {} }: { draft?: boolean; fields?: Record<string, unknown> } = {},
): Promise<number> {
  const { data: id, error } = await host.client.rpc('create_listing');
  if (error) throw error;
  const photo = await photoFile(7);
  const name = crypto.randomUUID().replaceAll('-', '');
  const upload = await host.client.storage
    .from('listing-photos')
    .upload(`hosts/${host.session.user.id}/${name}`, new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }));
  if (upload.error) throw upload.error;
  const saved = await host.client.rpc('save_listing', {
    p_room_id: id,
    p_fields: {
      category: 'Arctic',
      title,
      description: 'A warm cabin under the northern lights.',
      address: 'Vei 228',
      city: HOST_CITY,
      country: 'Svalbard & Jan Mayen',
      lat: 78.22,
      lng: 15.64,
      currency: 'USD',
      price: 100,
      cleaning_fee: 70,
      guests: 2,
      bedrooms: 1,
      beds: 1,
      baths: 1,
      images: [`/storage/v1/object/public/listing-photos/hosts/${host.session.user.id}/${name}`],
      ...fields,
    },
  });
  if (saved.error) throw saved.error;
  if (draft) return id as number;
  const published = await host.client.rpc('set_listing_published', { p_room_id: id, p_published: true });
  if (published.error) throw published.error;
  return id as number;
}
