import { resolveImageUrl, type RuntimeConfig } from 'shared/config';

/** The widths the backend stores for every listing photo, as `-400`, `-800`, `-1200` variants. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;

const WIDTH_SUFFIX = /-(400|800|1200)(\.[a-z0-9]+)$/i;

export interface ImageSources {
  src: string;
  /** Present when the path names one of the stored width variants. */
  srcSet?: string;
}

/**
 * The <img> sources of a stored photo path: `src` resolved against the backend, and a srcset of
 * the width variants when the path follows the `-{width}.{ext}` naming. `preferredWidth` picks
 * the variant used as `src` (browsers without srcset support, and tests).
 */
export function imageSources(
  config: Pick<RuntimeConfig, 'supabaseUrl'>,
  path: string,
  preferredWidth: (typeof PHOTO_WIDTHS)[number] = 800,
): ImageSources {
  const match = WIDTH_SUFFIX.exec(path);
  if (!match) return { src: resolveImageUrl(config, path) };
  const extension = match[2] ?? '';
  const variant = (width: number) => resolveImageUrl(config, `${path.slice(0, match.index)}-${width}${extension}`);
  return {
    src: variant(preferredWidth),
    srcSet: PHOTO_WIDTHS.map((width) => `${variant(width)} ${width}w`).join(', '),
  };
}
