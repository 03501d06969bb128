/**
 * The store factory. The shell creates the one store of the page; a remote's standalone
 * entry creates its own with the same factory. The app slice, toasts and the api are always
 * present (with the middleware that applies the spec's user and favourite actions to the api's
 * cache); the form and card slices are injected lazily by the remotes that own
 * them (`rootReducer.inject`), which the slice helpers below do idempotently.
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api, type StoreExtra } from 'shared/api';
import { appSlice, formSlice, cardSlice, formReceived, serverCacheMiddleware, toastSlice, type FormState } from 'shared/state';
import { tabSyncMiddleware, startTabSync } from 'shared/sync';

export const rootReducer = combineSlices(appSlice, toastSlice, api).withLazyLoadedSlices<
  WithLazySlices
>();

/** The slices remotes inject lazily; declared here so selectors are typed everywhere. */
export interface WithLazySlices {
  form: ReturnType<typeof formSlice.reducer>;
  card: ReturnType<typeof cardSlice.reducer>;
}

export const injectFormSlice = () => formSlice.injectInto(rootReducer);
export const injectCardSlice = () => cardSlice.injectInto(rootReducer);

export interface CreateStoreOptions {
  extra: StoreExtra;
  /** Mirror app actions with other open tabs (off in unit tests). */
  tabSync?: boolean;
}

export function createAppStore({ extra, tabSync = true }: CreateStoreOptions) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, serverCacheMiddleware, tabSyncMiddleware),
  });
  setupListeners(store.dispatch);
  if (tabSync && typeof BroadcastChannel !== 'undefined') startTabSync(store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;

/**
 * The search form a page was rendered with on the server (none when no remote injected it
 * there): the store starts from it, its slice injected for it before any remote loads.
 */
export function receiveServerForm(store: AppStore, form: FormState | undefined): void {
  if (form === undefined) return;
  injectFormSlice();
  store.dispatch(formReceived(form));
}
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
