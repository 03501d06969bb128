// @vitest-environment node
// Real BroadcastChannels (Node's, the same API browsers have) between real stores.
import { combineSlices, configureStore, nanoid, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type AppUser } from 'shared/api';
import {
  appSlice,
  removeUserFavListing,
  selectUserData,
  selectUserFavListing,
  serverCacheMiddleware,
  setIsFavorite,
  setItemId,
  setShowLogin,
  setUserData,
  setUserFavListing,
  tabStateReceived,
  type ServerCacheState,
} from 'shared/state';
import { isMirroredAction, startTabSync, tabSyncMiddleware } from './tabSync';

const USER: AppUser = { id: '6f1c8a52-0a4e-4a57-9a51-2b0c2f4a9e10', email: 'ana@example.com', name: 'Ana', isAnonymous: false };

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const reducer = combineSlices(appSlice, api);

/**
 * A tab: a store with the app slice, the api's cache, the middleware that writes the spec's
 * user and favourite actions to it, the sync middleware and a log of what reached it. `app()`
 * reads the spec's app state: the slice, with userData and userFavListing from the cache.
 */
function openTab(channelName: string, { start = true, favourites = null as number[] | null } = {}) {
  const received: unknown[] = [];
  const recorder: Middleware<object, ServerCacheState> = () => (next) => (action) => {
    received.push(action);
    return next(action);
  };
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(api.middleware, serverCacheMiddleware, tabSyncMiddleware, recorder),
  });
  // Signed in with these favourites loaded (locally: tabStateReceived is not mirrored).
  if (favourites) store.dispatch(tabStateReceived({ userData: USER, userFavListing: favourites, isFavorite: false, itemId: null }));
  if (start) cleanups.push(startTabSync(store, { channelName }));
  const app = () => {
    const state = store.getState();
    return { ...state.app, userData: selectUserData(state), userFavListing: selectUserFavListing(state) };
  };
  return { store, received, app };
}

/** A raw channel that records every message, as another tab's wire would see them. */
function listen(channelName: string) {
  const channel = new BroadcastChannel(channelName);
  const messages: unknown[] = [];
  channel.onmessage = (event: MessageEvent<unknown>) => messages.push(event.data);
  cleanups.push(() => channel.close());
  return { channel, messages };
}

const actionMessages = (messages: unknown[]) =>
  messages.flatMap((m) =>
    typeof m === 'object' && m !== null && 'kind' in m && m.kind === 'action' && 'action' in m ? [m.action] : [],
  );

describe('mirroring app actions between tabs', () => {
  it.each<[string, UnknownAction, (app: ReturnType<ReturnType<typeof openTab>['app']>) => unknown, unknown]>([
    ['setUserData', setUserData({ ...USER, name: 'Ana B' }), (app) => app.userData, { ...USER, name: 'Ana B' }],
    ['setItemId', setItemId(42), (app) => app.itemId, 42],
    ['setIsFavorite', setIsFavorite(true), (app) => app.isFavorite, true],
    ['setUserFavListing', setUserFavListing([3, 4]), (app) => app.userFavListing, [3, 4]],
  ])('%s in one tab reaches the other', async (_name, action, read, expected) => {
    const channelName = nanoid();
    const a = openTab(channelName, { favourites: [] });
    const b = openTab(channelName, { favourites: [] });
    a.store.dispatch(action);
    await vi.waitFor(() => expect(read(b.app())).toEqual(expected));
  });

  it('removeUserFavListing in one tab reaches the other', async () => {
    const channelName = nanoid();
    const a = openTab(channelName, { favourites: [] });
    const b = openTab(channelName, { favourites: [] });
    a.store.dispatch(setUserFavListing([1, 2, 3]));
    a.store.dispatch(removeUserFavListing(2));
    await vi.waitFor(() => expect(b.app().userFavListing).toEqual([1, 3]));
  });

  it('an action from another tab is marked as mirrored; a local one is not', async () => {
    const channelName = nanoid();
    const a = openTab(channelName);
    const b = openTab(channelName);
    a.store.dispatch(setItemId(7));
    await vi.waitFor(() => expect(b.app().itemId).toBe(7));
    const local = a.received.find((action) => setItemId.match(action));
    const remote = b.received.find((action) => setItemId.match(action));
    expect(isMirroredAction(local)).toBe(false);
    expect(isMirroredAction(remote)).toBe(true);
  });

  it('a mirrored action is not broadcast again', async () => {
    const channelName = nanoid();
    const wire = listen(channelName);
    const a = openTab(channelName);
    const b = openTab(channelName);
    a.store.dispatch(setItemId(1));
    await vi.waitFor(() => expect(b.app().itemId).toBe(1));
    b.store.dispatch(setItemId(2));
    // B posts in order, so an echo of 1 from B would reach the wire before B's own 2.
    await vi.waitFor(() => expect(actionMessages(wire.messages)).toContainEqual(setItemId(2)));
    expect(actionMessages(wire.messages).filter((m) => JSON.stringify(m) === JSON.stringify(setItemId(1)))).toHaveLength(1);
    expect(a.app().itemId).toBe(2);
  });

  it('other app actions stay in their tab', async () => {
    const channelName = nanoid();
    const a = openTab(channelName);
    const b = openTab(channelName);
    a.store.dispatch(setShowLogin(true));
    a.store.dispatch(setItemId(5));
    // One sender's messages arrive in order: once 5 is here, a posted showLogin would be too.
    await vi.waitFor(() => expect(b.app().itemId).toBe(5));
    expect(b.app().showLogin).toBe(false);
  });

  it('messages that are not mirrored app actions are ignored', async () => {
    const channelName = nanoid();
    const wire = listen(channelName);
    const b = openTab(channelName);
    wire.channel.postMessage({ kind: 'action', action: setShowLogin(true) });
    wire.channel.postMessage({ kind: 'action', action: { type: 'app/setItemId' } });
    wire.channel.postMessage('hello');
    wire.channel.postMessage({ kind: 'action', action: setItemId(3) });
    await vi.waitFor(() => expect(b.app().itemId).toBe(3));
    expect(b.app().showLogin).toBe(false);
  });

  it('after stop, a tab neither sends nor receives', async () => {
    const channelName = nanoid();
    const a = openTab(channelName, { start: false, favourites: [] });
    const stopA = startTabSync(a.store, { channelName });
    const b = openTab(channelName, { favourites: [] });
    const c = openTab(channelName, { favourites: [] });
    stopA();
    a.store.dispatch(setItemId(8));
    b.store.dispatch(setUserFavListing([9]));
    await vi.waitFor(() => expect(c.app().userFavListing).toEqual([9]));
    expect(a.app().userFavListing).toEqual([]);
    expect(b.app().itemId).toBeNull();
  });
});

describe('a new tab takes over the open tabs state', () => {
  it('applies the userData, favourites, flag and item id of a signed-in tab', async () => {
    const channelName = nanoid();
    const a = openTab(channelName, { favourites: [] });
    a.store.dispatch(setUserFavListing([11, 12]));
    a.store.dispatch(setItemId(12));
    a.store.dispatch(setIsFavorite(true));
    a.store.dispatch(setShowLogin(true));
    const b = openTab(channelName);
    await vi.waitFor(() => expect(b.app().userData).toEqual(USER));
    expect(b.app()).toMatchObject({ userFavListing: [11, 12], itemId: 12, isFavorite: true, showLogin: false });
  });

  it('takes only the first well-formed answer', async () => {
    const channelName = nanoid();
    const wire = listen(channelName);
    const b = openTab(channelName);
    await vi.waitFor(() => expect(wire.messages).toHaveLength(1));
    const request = wire.messages[0];
    const from = typeof request === 'object' && request !== null && 'from' in request ? request.from : null;
    expect(request).toEqual({ kind: 'stateRequest', from: expect.any(String) as unknown });
    const answer = (itemId: number) => ({
      kind: 'stateResponse',
      to: from,
      state: { userData: USER, userFavListing: [itemId], isFavorite: true, itemId },
    });
    wire.channel.postMessage({ kind: 'stateResponse', to: from, state: { userData: USER, userFavListing: 'all' } });
    wire.channel.postMessage(answer(1));
    wire.channel.postMessage(answer(2));
    wire.channel.postMessage({ kind: 'action', action: setUserData({ ...USER, name: 'Bo' }) });
    // Messages from one sender arrive in order: once Bo is here, both answers have been seen.
    await vi.waitFor(() => expect(b.app().userData?.name).toBe('Bo'));
    expect(b.app()).toMatchObject({ userFavListing: [1], itemId: 1 });
  });

  it('a tab without a signed-in user does not answer', async () => {
    const channelName = nanoid();
    const wire = listen(channelName);
    const a = openTab(channelName);
    wire.channel.postMessage({ kind: 'stateRequest', from: 'new-tab' });
    wire.channel.postMessage({ kind: 'action', action: setItemId(4) });
    // A has handled the request once it has handled the action posted after it.
    await vi.waitFor(() => expect(a.app().itemId).toBe(4));
    a.store.dispatch(setIsFavorite(true));
    await vi.waitFor(() => expect(actionMessages(wire.messages)).toContainEqual(setIsFavorite(true)));
    expect(wire.messages.filter((m) => typeof m === 'object' && m !== null && 'kind' in m && m.kind === 'stateResponse')).toEqual([]);
  });
});

describe('installing tab sync', () => {
  it('starting it on a store without the middleware fails loudly', () => {
    const store = configureStore({ reducer });
    expect(() => startTabSync(store, { channelName: nanoid() })).toThrow(/no tabSyncMiddleware/);
  });

  it('without start, the middleware only passes actions on', () => {
    const tab = openTab(nanoid(), { start: false });
    tab.store.dispatch(setItemId(6));
    expect(tab.app().itemId).toBe(6);
  });
});
