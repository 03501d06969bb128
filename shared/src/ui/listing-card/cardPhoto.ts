/**
 * A card photo's sources: the image element's src, srcset and sizes, in a module of their own so
 * that a preload of a card's photo (the shell's, for the home grid's first card) asks for
 * exactly what the card will, without loading the card. The card shows the 400 and 800 widths
 * (photoUrls.ts makes their URLs).
 */
import type { RuntimeConfig } from 'shared/config';
import { BREAKPOINTS } from 'shared/rules';
import { photoSrcSet, photoUrl, type PhotoWidth } from './photoUrls';

const CARD_WIDTHS: readonly PhotoWidth[] = [400, 800];
export const CARD_IMAGE_SIZES = `(max-width: ${BREAKPOINTS.smallCardsUpTo}px) 100vw, (max-width: 1128px) 50vw, (max-width: 1440px) 25vw, 20vw`;

/** The sources of the stored photo `path` (a "Rooms".images entry) on a card. */
export function photoSources(config: Pick<RuntimeConfig, 'supabaseUrl'>, path: string): { src: string; srcSet?: string } {
  const srcSet = photoSrcSet(config, path, CARD_WIDTHS);
  return srcSet === undefined ? { src: photoUrl(config, path, 800) } : { src: photoUrl(config, path, 800), srcSet };
}
