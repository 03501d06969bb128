import { imageSources } from './imageSources';

const config = { supabaseUrl: 'http://localhost:54321' };

describe('imageSources', () => {
  it('resolves a stored path against the backend and lists the three width variants', () => {
    const sources = imageSources(config, '/storage/v1/object/public/listing-photos/scenes/scene-012-800.webp', 1200);
    const base = 'http://localhost:54321/storage/v1/object/public/listing-photos/scenes/scene-012';
    expect(sources.src).toBe(`${base}-1200.webp`);
    expect(sources.srcSet).toBe(`${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`);
  });

  it("lists Storage's renders of a host's original at the three widths, cropped to 3:2", () => {
    const hostPhoto = '/storage/v1/object/public/listing-photos/hosts/5b0c6f3e-2d4a-4c1e-9f7a-1b2c3d4e5f60/0123456789abcdef0123456789abcdef';
    const render = (width: number, height: number) =>
      `http://localhost:54321/storage/v1/render/image/public/listing-photos/hosts/5b0c6f3e-2d4a-4c1e-9f7a-1b2c3d4e5f60/0123456789abcdef0123456789abcdef?width=${width}&height=${height}&resize=cover&quality=80`;
    const sources = imageSources(config, hostPhoto, 400);
    expect(sources.src).toBe(render(400, 267));
    expect(sources.srcSet).toBe(`${render(400, 267)} 400w, ${render(800, 533)} 800w, ${render(1200, 800)} 1200w`);
  });

  it('uses a path without a width suffix as it is, with no srcset', () => {
    expect(imageSources(config, '/storage/v1/object/public/hosts/anna.jpg')).toEqual({
      src: 'http://localhost:54321/storage/v1/object/public/hosts/anna.jpg',
    });
  });
});
