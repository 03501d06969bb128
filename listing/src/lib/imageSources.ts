import type { RuntimeConfig } from 'shared/config';
import { PHOTO_WIDTHS, photoSrcSet, photoUrl, type PhotoWidth } from 'shared/ui';

export interface ImageSources {
  src: string;
  /** Present when the photo comes in PHOTO_WIDTHS (shared/ui's photoUrls). */
  srcSet?: string;
}

/**
 * The <img> sources of a stored photo path: `src` at `preferredWidth` (browsers without srcset
 * support, and tests), and a srcset of the 400, 800 and 1200 widths when the photo has them.
 * shared/ui's photoUrl makes every URL.
 */
export function imageSources(
  config: Pick<RuntimeConfig, 'supabaseUrl'>,
  path: string,
  preferredWidth: PhotoWidth = 800,
): ImageSources {
  const srcSet = photoSrcSet(config, path, PHOTO_WIDTHS);
  const src = photoUrl(config, path, preferredWidth);
  return srcSet === undefined ? { src } : { src, srcSet };
}
