import { CATEGORIES } from 'shared/rules';
import { CARD_IMAGE_SIZES } from 'shared/ui';
import { cardPhotoPreload, homeGridArgsOf } from './prefetchHome';

describe('homeGridArgsOf', () => {
  it.each(['/home', '/home/'])('%s asks for the first category without a search', (pathname) => {
    expect(homeGridArgsOf(pathname)).toEqual({ category: CATEGORIES[0], search: null });
  });

  it.each(['/', '/house/42', '/42/book', '/wishlist', '/home/extra', '/homes'])('%s asks for no grid', (pathname) => {
    expect(homeGridArgsOf(pathname)).toBeNull();
  });
});

describe('cardPhotoPreload', () => {
  const config = { supabaseUrl: 'http://localhost:54321' };

  it('preloads a catalogue photo by the card srcset of its 400 and 800 widths, with no href to fetch besides', () => {
    const link = cardPhotoPreload(config, '/storage/v1/object/public/listing-photos/a/b-800.webp');
    expect(link.rel).toBe('preload');
    expect(link.getAttribute('as')).toBe('image');
    expect(link.getAttribute('fetchpriority')).toBe('high');
    expect(link.getAttribute('imagesrcset')).toBe(
      'http://localhost:54321/storage/v1/object/public/listing-photos/a/b-400.webp 400w, ' +
        'http://localhost:54321/storage/v1/object/public/listing-photos/a/b-800.webp 800w',
    );
    expect(link.getAttribute('imagesizes')).toBe(CARD_IMAGE_SIZES);
    expect(link.hasAttribute('href')).toBe(false);
  });

  it("preloads a host's original by the card srcset of Storage's 400 and 800 renders of it", () => {
    const path = '/storage/v1/object/public/listing-photos/hosts/5b0c6f3e-2d4a-4c1e-9f7a-1b2c3d4e5f60/0123456789abcdef0123456789abcdef';
    const link = cardPhotoPreload(config, path);
    const render = 'http://localhost:54321/storage/v1/render/image/public/listing-photos/hosts/5b0c6f3e-2d4a-4c1e-9f7a-1b2c3d4e5f60/0123456789abcdef0123456789abcdef';
    expect(link.getAttribute('imagesrcset')).toBe(
      `${render}?width=400&height=267&resize=cover&quality=80 400w, ${render}?width=800&height=533&resize=cover&quality=80 800w`,
    );
    expect(link.getAttribute('imagesizes')).toBe(CARD_IMAGE_SIZES);
  });

  it('preloads any other photo by its URL alone', () => {
    const link = cardPhotoPreload(config, 'https://example.com/photo.jpg');
    expect(link.href).toBe('https://example.com/photo.jpg');
    expect(link.hasAttribute('imagesrcset')).toBe(false);
  });
});
