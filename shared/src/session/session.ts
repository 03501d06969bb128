/**
 * The session (accounts spec section 4): at load the current user is fetched and, when there
 * is one, set as userData and their favourites loaded; afterwards the auth client's events keep
 * the app slice in step: a sign-in (here, in another tab, or back from Google) sets the user and
 * loads their favourites, a token refresh keeps them, a sign-out clears them. supabase-js
 * itself stores the refreshed token and re-authorises its realtime connection.
 */
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { favoritesApi, type StoreExtra } from 'shared/api';
import { removeUserFavListing, setUserData, setUserFavListing, type AppUser } from 'shared/state';
import type { AppDispatch, AppStore, RootState } from 'shared/store';

/** The user as the app keeps it: id, email and user_metadata.name. */
export function toAppUser(user: User): AppUser {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  const name = [metadata.name, metadata.full_name].find((value) => typeof value === 'string' && value.trim() !== '');
  return { id: user.id, email: user.email ?? null, name: (name as string | undefined) ?? null };
}

function sameUser(a: AppUser | null, b: AppUser | null): boolean {
  return a?.id === b?.id && a?.email === b?.email && a?.name === b?.name;
}

/** Empties the favourites through the mirrored action, so other tabs follow. */
export function clearUserState() {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    if (getState().app.userData !== null) dispatch(setUserData(null));
    for (const itemId of getState().app.userFavListing) dispatch(removeUserFavListing(itemId));
  };
}

/** Loads a user's favourites into the app slice; a failure is logged by the endpoint. */
export function loadFavourites(userId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const result = await dispatch(favoritesApi.endpoints.getFavorites.initiate(userId, { subscribe: false, forceRefetch: true }));
    if (result.data) dispatch(setUserFavListing(result.data));
  };
}

const KEEPS_USER: ReadonlySet<AuthChangeEvent> = new Set(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED']);

function sessionStarted() {
  return (dispatch: AppDispatch, getState: () => RootState, { supabase }: StoreExtra): (() => void) => {
    let favouritesOf: string | null = null;

    const signedIn = (user: User) => {
      const appUser = toAppUser(user);
      if (!sameUser(getState().app.userData, appUser)) dispatch(setUserData(appUser));
      if (favouritesOf !== user.id) {
        favouritesOf = user.id;
        void dispatch(loadFavourites(user.id));
      }
    };

    void supabase.auth.getUser().then(({ data }) => {
      if (data.user) signedIn(data.user);
    });

    const { data } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
      // supabase-js holds its auth lock while this runs: act after it returns.
      setTimeout(() => {
        if (event === 'SIGNED_OUT') {
          favouritesOf = null;
          dispatch(clearUserState());
        } else if (session && KEEPS_USER.has(event)) {
          signedIn(session.user);
        }
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  };
}

/** Starts following the session for this store; returns the unsubscribe. */
export function startSession(store: AppStore): () => void {
  return store.dispatch(sessionStarted());
}
