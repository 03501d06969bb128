/**
 * The home page opens on its grid's first page for the first category, with no search (the
 * grid's own rule when the store is new, discovery's ListingGrid). Asking for that page at
 * start-up, while discovery's remote downloads, instead of once the grid renders, takes the
 * grid's round trip off the way to the first card's photo; the grid's own query then finds it
 * in the shared RTK Query cache under the same arguments. Once the page arrives, the first
 * card's photo (the mobile LCP) is preloaded with the card's own srcset and sizes, so the
 * browser fetches the very file the card's image will use, while the grid's code still loads.
 */
import { matchPath } from 'shared/router';
import { roomsApi, type GridArgs } from 'shared/api';
import type { RuntimeConfig } from 'shared/config';
import { CATEGORIES } from 'shared/rules';
import type { AppStore } from 'shared/store';
import { CARD_IMAGE_SIZES, photoSources } from 'shared/ui';

/** The grid's arguments for the first page a path opens with, or null when it shows no grid. */
export function homeGridArgsOf(pathname: string): GridArgs | null {
  return matchPath('/home', pathname) ? { category: CATEGORIES[0]!, search: null } : null;
}

/** A high-priority image preload asking for what a card's photo of this stored path asks for. */
export function cardPhotoPreload(config: Pick<RuntimeConfig, 'supabaseUrl'>, path: string): HTMLLinkElement {
  const { src, srcSet } = photoSources(config, path);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  if (srcSet === undefined) {
    link.href = src;
  } else {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', CARD_IMAGE_SIZES);
  }
  return link;
}

export function prefetchHomeFor(store: AppStore, config: RuntimeConfig, pathname: string): void {
  const args = homeGridArgsOf(pathname);
  if (args === null) return;
  void store.dispatch(roomsApi.endpoints.getGridPage.initiate(args, { subscribe: false })).then(({ data }) => {
    const photo = data?.pages[0]?.[0]?.images[0];
    if (photo !== undefined) document.head.append(cardPhotoPreload(config, photo));
  });
}
