/**
 * A card photo's sources: the image element's srcset and sizes, in a module of their own so
 * that a preload of a card's photo (the shell's, for the home grid's first card) asks for
 * exactly what the card will, without loading the card.
 */
import { BREAKPOINTS } from 'shared/rules';

/** Stored photos come as '...-800.webp' with a '...-400.webp' sibling. */
const SMALL_SUFFIX = '-400.webp';
const LARGE_SUFFIX = '-800.webp';
export const CARD_IMAGE_SIZES = `(max-width: ${BREAKPOINTS.smallCardsUpTo}px) 100vw, (max-width: 1128px) 50vw, (max-width: 1440px) 25vw, 20vw`;

export function photoSources(url: string): { src: string; srcSet?: string } {
  if (!url.endsWith(LARGE_SUFFIX)) return { src: url };
  const small = url.slice(0, -LARGE_SUFFIX.length) + SMALL_SUFFIX;
  return { src: url, srcSet: `${small} 400w, ${url} 800w` };
}
