import { imageSources } from './imageSources';

const config = { supabaseUrl: 'http://localhost:54321' };

describe('imageSources', () => {
  it('resolves a stored path against the backend and lists the three width variants', () => {
    const sources = imageSources(config, '/storage/v1/object/public/listing-photos/scenes/scene-012-800.webp', 1200);
    const base = 'http://localhost:54321/storage/v1/object/public/listing-photos/scenes/scene-012';
    expect(sources.src).toBe(`${base}-1200.webp`);
    expect(sources.srcSet).toBe(`${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`);
  });

  it('uses a path without a width suffix as it is, with no srcset', () => {
    expect(imageSources(config, '/storage/v1/object/public/hosts/anna.jpg')).toEqual({
      src: 'http://localhost:54321/storage/v1/object/public/hosts/anna.jpg',
    });
  });
});
