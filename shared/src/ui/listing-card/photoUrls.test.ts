import { createClient } from '@supabase/supabase-js';
import { PHOTO_WIDTHS, photoSrcSet, photoUrl } from './photoUrls';
import { photoSources } from './cardPhoto';

const config = { supabaseUrl: 'http://localhost:54321' };
const hostId = '5b0c6f3e-2d4a-4c1e-9f7a-1b2c3d4e5f60';
const original = `/storage/v1/object/public/listing-photos/hosts/${hostId}/0123456789abcdef0123456789abcdef`;
const catalogue = '/storage/v1/object/public/listing-photos/scenes/scene-012-800.webp';

describe('photoUrl', () => {
  it.each(PHOTO_WIDTHS)("a catalogue photo's %i width is its sibling file", (width) => {
    expect(photoUrl(config, catalogue, width)).toBe(`http://localhost:54321/storage/v1/object/public/listing-photos/scenes/scene-012-${width}.webp`);
  });

  it.each([
    [400, 267],
    [800, 533],
    [1200, 800],
  ] as const)("a host's original at %i is Storage's render of it at %i high, cropped to 3:2", (width, height) => {
    expect(photoUrl(config, original, width)).toBe(
      `http://localhost:54321/storage/v1/render/image/public/listing-photos/hosts/${hostId}/0123456789abcdef0123456789abcdef` +
        `?width=${width}&height=${height}&resize=cover&quality=80`,
    );
  });

  const storage = createClient(config.supabaseUrl, 'anon-key', { auth: { persistSession: false } }).storage.from('listing-photos');
  it.each(PHOTO_WIDTHS)("is the URL supabase-js's getPublicUrl builds with the same transform (%i)", (width) => {
    const objectPath = original.replace('/storage/v1/object/public/listing-photos/', '');
    const { publicUrl } = storage.getPublicUrl(objectPath, {
      transform: { width, height: Math.round((width * 2) / 3), resize: 'cover', quality: 80 },
    }).data;
    expect(photoUrl(config, original, width)).toBe(publicUrl);
  });

  it.each([
    '/storage/v1/object/public/avatars/google-alex.svg',
    `/storage/v1/object/public/listing-photos/hosts/${hostId}/not-a-photo`,
    `/storage/v1/object/public/other-bucket/hosts/${hostId}/0123456789abcdef0123456789abcdef`,
    `/storage/v1/object/public/listing-photos/hosts/${hostId}/0123456789abcdef0123456789abcdef/../x`,
  ])('any other path (%s) is used as it is, with no widths', (path) => {
    expect(photoUrl(config, path, 400)).toBe(new URL(path, config.supabaseUrl).toString());
    expect(photoSrcSet(config, path)).toBeUndefined();
  });
});

describe('photoSources (cards)', () => {
  it("a host's photo on a card: the 800 render as src, the 400 and 800 renders as srcset", () => {
    const { src, srcSet } = photoSources(config, original);
    expect(src).toBe(photoUrl(config, original, 800));
    expect(srcSet).toBe(`${photoUrl(config, original, 400)} 400w, ${photoUrl(config, original, 800)} 800w`);
  });

  it('a catalogue photo on a card: its 800 file as src, its 400 and 800 files as srcset', () => {
    const base = 'http://localhost:54321/storage/v1/object/public/listing-photos/scenes/scene-012';
    expect(photoSources(config, catalogue)).toEqual({ src: `${base}-800.webp`, srcSet: `${base}-400.webp 400w, ${base}-800.webp 800w` });
  });
});
