/**
 * The listing (/house/:id) and booking (/:id/book) pages both open with their room. Asking for
 * it at start-up, while their remote downloads, instead of once the remote's page renders,
 * takes the room's round trip off the way to the page's main photo; the page's own query then
 * finds it in the shared RTK Query cache.
 */
import { matchPath } from 'shared/router';
import { roomsApi } from 'shared/api';
import { parseRoomId } from 'shared/rules';
import type { AppStore } from 'shared/store';

const ROOM_PAGES = ['/house/:id', '/:id/book'];

/** The room id of a listing or booking path, or null (the pages' own rule, parseRoomId). */
export function roomIdOf(pathname: string): number | null {
  for (const pattern of ROOM_PAGES) {
    const id = parseRoomId(matchPath(pattern, pathname)?.params.id);
    if (id !== null) return id;
  }
  return null;
}

export function prefetchRoomFor(store: AppStore, pathname: string): void {
  const id = roomIdOf(pathname);
  if (id !== null) store.dispatch(roomsApi.util.prefetch('getRoomById', id, {}));
}
