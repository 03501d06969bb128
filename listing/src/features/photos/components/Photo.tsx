import type { ImgHTMLAttributes, Ref } from 'react';
import { useRuntimeConfig } from 'shared/config';
import { imageSources } from '../../../lib/imageSources';

/**
 * The cover photo's `sizes` in the carousel (phones, 920px and narrower) and in the grid alike:
 * both are in the page and CSS shows one, so with the same sources and sizes the browser fetches
 * the one file they share, once.
 */
export const COVER_SIZES = '(max-width: 920px) 100vw, (max-width: 1440px) 50vw, 720px';

export interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'sizes'> {
  path: string;
  alt: string;
  /** The `sizes` attribute: how wide the photo is drawn at each viewport. */
  sizes: string;
  /** The page's largest photo: fetched first, never lazily. */
  priority?: boolean;
  ref?: Ref<HTMLImageElement>;
  [dataAttribute: `data-${string}`]: string | number | undefined;
}

/**
 * A stored listing photo with its width variants, lazy unless it is the priority photo. The
 * width and height (the stored photos are 3:2) reserve its box before it loads.
 */
export function Photo({ path, alt, sizes, priority = false, width = 1200, height = 800, ...rest }: PhotoProps) {
  const config = useRuntimeConfig();
  const { src, srcSet } = imageSources(config, path);
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
