/**
 * Tab sync: the app actions setItemId, setIsFavorite, removeUserFavListing, setUserFavListing
 * and setUserData are mirrored between the open tabs of the site over a BroadcastChannel, and
 * a tab that starts asks the others for their state.
 *
 * Strategy: one middleware per store owns the channel.
 *  - A mirrored action dispatched in this tab is applied, then posted to the channel.
 *  - A mirrored action from another tab is dispatched here with `meta.mirroredFromTab`, and is
 *    therefore never posted again (no echo between tabs). Anything that acts on these actions
 *    once per user gesture (writing a favourite to the server) must skip them:
 *    `isMirroredAction(action)`.
 *  - At start the tab posts a state request; tabs with a signed-in user answer with their
 *    userData, userFavListing (both from RTK Query's cache), isFavorite and itemId; the new tab
 *    applies the first answer (`tabStateReceived`). A tab without a user has nothing worth taking over and stays quiet,
 *    so its empty state cannot overwrite a user the new tab is loading.
 *
 * Installing it in a store factory:
 *
 *   const store = configureStore({
 *     reducer,                                   // the app slice under 'app', the api under 'api'
 *     middleware: (getDefault) => getDefault().concat(tabSyncMiddleware),
 *   });
 *   const stopTabSync = startTabSync(store);     // once, after the store exists; browsers only
 *
 * Until `startTabSync` runs the middleware only passes actions on, so stores in unit tests need
 * no channel. `startTabSync` throws if the middleware is missing, and returns a function that
 * closes the channel.
 */
import { createAction, isAction, nanoid, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import {
  removeUserFavListing,
  selectMirroredAppState,
  setIsFavorite,
  setItemId,
  setUserData,
  setUserFavListing,
  tabStateReceived,
  type MirroredAppState,
  type ServerCacheState,
} from 'shared/state';

export const DEFAULT_TAB_SYNC_CHANNEL = 'homestory-app';

/** The action types mirrored between tabs. */
export const MIRRORED_ACTION_TYPES: ReadonlySet<string> = new Set([
  setItemId.type,
  setIsFavorite.type,
  removeUserFavListing.type,
  setUserFavListing.type,
  setUserData.type,
]);

export interface TabSyncOptions {
  /** Tabs sync with the tabs using the same channel name. */
  channelName?: string;
}

export type StopTabSync = () => void;

interface MirroredAction {
  type: string;
  payload: unknown;
}

type TabMessage =
  | { kind: 'action'; action: MirroredAction }
  | { kind: 'stateRequest'; from: string }
  | { kind: 'stateResponse'; to: string; state: MirroredAppState };

const tabSyncStart = createAction<{ channelName: string }>('tabSync/start');

function isMirroredKind(action: unknown): action is MirroredAction {
  return isAction(action) && MIRRORED_ACTION_TYPES.has(action.type) && 'payload' in action;
}

/** Whether an action came from another tab (and so must not be acted on as a local gesture). */
export function isMirroredAction(action: unknown): boolean {
  if (!isAction(action) || !('meta' in action)) return false;
  const { meta } = action;
  return typeof meta === 'object' && meta !== null && 'mirroredFromTab' in meta && meta.mirroredFromTab === true;
}

function isMirroredAppState(value: unknown): value is MirroredAppState {
  if (typeof value !== 'object' || value === null) return false;
  const state: Partial<Record<keyof MirroredAppState, unknown>> = value;
  return (
    typeof state.userData === 'object' &&
    Array.isArray(state.userFavListing) &&
    state.userFavListing.every((id) => typeof id === 'number') &&
    typeof state.isFavorite === 'boolean' &&
    (state.itemId === null || typeof state.itemId === 'number')
  );
}

function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null || !('kind' in data)) return false;
  switch (data.kind) {
    case 'action':
      return 'action' in data && isMirroredKind(data.action);
    case 'stateRequest':
      return 'from' in data && typeof data.from === 'string';
    case 'stateResponse':
      return 'to' in data && typeof data.to === 'string' && 'state' in data && isMirroredAppState(data.state);
    default:
      return false;
  }
}

export const tabSyncMiddleware: Middleware<object, ServerCacheState> = (store) => {
  const tabId = nanoid();
  let channel: BroadcastChannel | null = null;
  let awaitingState = false;

  const post = (message: TabMessage): void => channel?.postMessage(message);

  const receive = (event: MessageEvent<unknown>): void => {
    const message = event.data;
    if (!isTabMessage(message)) return;
    if (message.kind === 'action') {
      const mirrored: UnknownAction = { ...message.action, meta: { mirroredFromTab: true } };
      store.dispatch(mirrored);
    } else if (message.kind === 'stateRequest') {
      const state = selectMirroredAppState(store.getState());
      if (state.userData !== null) post({ kind: 'stateResponse', to: message.from, state });
    } else if (message.to === tabId && awaitingState) {
      awaitingState = false;
      store.dispatch(tabStateReceived(message.state));
    }
  };

  const stop: StopTabSync = () => {
    channel?.close();
    channel = null;
    awaitingState = false;
  };

  return (next) => (action) => {
    if (tabSyncStart.match(action)) {
      if (channel === null) {
        channel = new BroadcastChannel(action.payload.channelName);
        channel.onmessage = receive;
        awaitingState = true;
        post({ kind: 'stateRequest', from: tabId });
      }
      return stop;
    }
    const result = next(action);
    if (isMirroredKind(action) && !isMirroredAction(action)) {
      post({ kind: 'action', action: { type: action.type, payload: action.payload } });
    }
    return result;
  };
};

function isStop(value: unknown): value is StopTabSync {
  return typeof value === 'function';
}

/** Opens this store's channel and asks the other tabs for their state; returns the stop. */
export function startTabSync(
  store: { dispatch: (action: UnknownAction) => unknown },
  options: TabSyncOptions = {},
): StopTabSync {
  const stop = store.dispatch(tabSyncStart({ channelName: options.channelName ?? DEFAULT_TAB_SYNC_CHANNEL }));
  if (!isStop(stop)) throw new Error('startTabSync: the store has no tabSyncMiddleware');
  return stop;
}
