/**
 * The session (accounts spec section 4): when the page starts the current user is fetched into
 * RTK Query's cache (sessionApi) and, when there is one, their favourites (favoritesApi);
 * afterwards the auth client's events keep them in step through the spec's setUserData: a
 * sign-in (here, in another tab, or back from Google) sets the user and loads their
 * favourites, a token refresh keeps them, a sign-out clears them. supabase-js itself stores the
 * refreshed token and re-authorises its realtime connection.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { favoritesApi, sessionApi, toAppUser, type AppUser, type StoreExtra } from 'shared/api';
import { removeUserFavListing, selectUserData, selectUserFavListing, setUserData } from 'shared/state';
import type { AppDispatch, AppStore, RootState } from 'shared/store';

function sameUser(a: AppUser | null, b: AppUser | null): boolean {
  return a?.id === b?.id && a?.email === b?.email && a?.name === b?.name && a?.isAnonymous === b?.isAnonymous;
}

/** Empties the favourites, then the user, through the mirrored actions, so other tabs follow. */
export function clearUserState() {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    for (const itemId of selectUserFavListing(getState())) dispatch(removeUserFavListing(itemId));
    if (selectUserData(getState()) !== null) dispatch(setUserData(null));
  };
}

const KEEPS_USER: ReadonlySet<AuthChangeEvent> = new Set(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED']);

function sessionStarted() {
  return (dispatch: AppDispatch, getState: () => RootState, { supabase }: StoreExtra): (() => void) => {
    let favouritesOf: string | null = null;

    const signedIn = (user: AppUser) => {
      if (!sameUser(selectUserData(getState()), user)) dispatch(setUserData(user));
      if (favouritesOf !== user.id) {
        favouritesOf = user.id;
        // A failure is logged by the endpoint; the hearts stay empty.
        void dispatch(favoritesApi.endpoints.getFavorites.initiate(user.id, { subscribe: false, forceRefetch: true }));
      }
    };

    void dispatch(sessionApi.endpoints.getSessionUser.initiate(undefined, { subscribe: false })).then(({ data }) => {
      if (data) signedIn(data);
    });

    // The client is made on first use (the read above asks for it): follow its events once it is.
    let stopped = false;
    let unsubscribe = () => {};
    void supabase().then((client) => {
      if (stopped) return;
      const { data } = client.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
        // supabase-js holds its auth lock while this runs: act after it returns.
        setTimeout(() => {
          if (event === 'SIGNED_OUT') {
            favouritesOf = null;
            dispatch(clearUserState());
          } else if (session && KEEPS_USER.has(event)) {
            signedIn(toAppUser(session.user));
          }
        }, 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    }, (error: unknown) => console.error('The auth client could not be loaded', error));
    return () => {
      stopped = true;
      unsubscribe();
    };
  };
}

/** Starts following the session for this store; returns the unsubscribe. */
export function startSession(store: AppStore): () => void {
  return store.dispatch(sessionStarted());
}
