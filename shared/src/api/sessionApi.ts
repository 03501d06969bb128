/**
 * The signed-in user as server data (accounts spec section 4): one entry of RTK Query's cache,
 * null when signed out. The session (shared/session) loads it when the page starts and keeps it
 * in step with the auth client's events through the app's tab-mirrored `setUserData`, which
 * writes this entry (shared/state's serverCacheMiddleware); screens read it with
 * `selectUserData`.
 */
import type { User } from '@supabase/supabase-js';
import { api, clientOf } from './baseApi';

/** The signed-in user as the app keeps it: serializable, only what screens read. */
export interface AppUser {
  id: string;
  email: string | null;
  /** user_metadata.name */
  name: string | null;
  /**
   * A guest's own account (GoTrue's anonymous sign-in): no email or password until they create
   * an account from it, which keeps its trips and favourites.
   */
  isAnonymous: boolean;
}

/**
 * The user as the app keeps it: id, email (null when none: GoTrue answers '' for an anonymous
 * user), user_metadata.name (or full_name, from Google) and whether it is a guest's anonymous account.
 */
export function toAppUser(user: User): AppUser {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  const name = [metadata.name, metadata.full_name].find((value) => typeof value === 'string' && value.trim() !== '');
  return { id: user.id, email: user.email || null, name: (name as string | undefined) ?? null, isAnonymous: user.is_anonymous === true };
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionUser: build.query<AppUser | null, void>({
      async queryFn(_arg, queryApi) {
        const { auth } = await clientOf(queryApi);
        const { data, error } = await auth.getUser();
        if (!error) return { data: data.user ? toAppUser(data.user) : null };
        // The auth server was not reached: the stored session's user, as the auth client's
        // INITIAL_SESSION event has it. Refused (a session the server no longer accepts): nobody.
        const { isAuthApiError } = await import('@supabase/supabase-js');
        if (isAuthApiError(error)) return { data: null };
        const stored = (await auth.getSession()).data.session;
        return { data: stored ? toAppUser(stored.user) : null };
      },
      providesTags: ['User'],
      // The one user of the page: kept whether or not a screen reads it at the moment.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});
export const { useGetSessionUserQuery } = sessionApi;
