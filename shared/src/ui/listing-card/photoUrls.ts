/**
 * The one place a stored listing photo's path and a width become the URL of that width. Every
 * reader of "Rooms".images (the grid card, the listing page, the home page's preload, the host's
 * editor) asks here, so the two kinds of stored photo stay one rule:
 *
 * - catalogue photos, '<stem>-800.webp', have their widths beside them as files: '<stem>-400.webp',
 *   '<stem>-800.webp', '<stem>-1200.webp' (so do hosts' photos the local backend stored that way
 *   before originals);
 * - a host's photo is the original they uploaded, '/storage/v1/object/public/listing-photos/hosts/
 *   <user id>/<32 hex>', and its widths are Storage's image transformations of it: the URL
 *   supabase-js's getPublicUrl(path, { transform: { width, height, resize: 'cover', quality } })
 *   makes, '/storage/v1/render/image/public/listing-photos/hosts/<id>/<name>?width=800&height=533
 *   &resize=cover&quality=80', cropped to the catalogue's 3:2. Hosted Supabase renders it (image
 *   transformations), and so does the local backend (backend/src/storage/render.ts).
 *
 * Built here rather than by supabase-js, which the pages load on first use only; a unit test holds
 * the two to the same URL.
 */
import { resolveImageUrl, type RuntimeConfig } from 'shared/config';

/** The widths every listing photo comes in. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** What a rendered width is asked for with: the catalogue's 3:2, cropped, at Storage's default quality. */
export const RENDER_QUALITY = 80;
const CATALOGUE_SUFFIX = '-800.webp';
const OBJECT_PREFIX = '/storage/v1/object/public/';
const RENDER_PREFIX = '/storage/v1/render/image/public/';
const HOST_PHOTO = /^\/storage\/v1\/object\/public\/listing-photos\/hosts\/[0-9a-f-]+\/[0-9a-f]{32}$/;

type Config = Pick<RuntimeConfig, 'supabaseUrl'>;

/** Whether the path names a photo that comes in PHOTO_WIDTHS (others are used as they are). */
export function hasPhotoWidths(path: string): boolean {
  return path.endsWith(CATALOGUE_SUFFIX) || HOST_PHOTO.test(path);
}

/** The URL of `path` at `width` (a path of another kind, as it is). */
export function photoUrl(config: Config, path: string, width: PhotoWidth): string {
  if (path.endsWith(CATALOGUE_SUFFIX)) {
    return resolveImageUrl(config, `${path.slice(0, -CATALOGUE_SUFFIX.length)}-${width}.webp`);
  }
  if (HOST_PHOTO.test(path)) {
    // The parameters in supabase-js's order (width, height, resize, format, quality).
    const query = new URLSearchParams({
      width: String(width),
      height: String(Math.round((width * 2) / 3)),
      resize: 'cover',
      quality: String(RENDER_QUALITY),
    });
    return `${resolveImageUrl(config, RENDER_PREFIX + path.slice(OBJECT_PREFIX.length))}?${query}`;
  }
  return resolveImageUrl(config, path);
}

/** A srcset of `path` at `widths`, or undefined for a photo that has no widths. */
export function photoSrcSet(config: Config, path: string, widths: readonly PhotoWidth[] = PHOTO_WIDTHS): string | undefined {
  if (!hasPhotoWidths(path)) return undefined;
  return widths.map((width) => `${photoUrl(config, path, width)} ${width}w`).join(', ');
}
