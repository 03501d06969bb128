/**
 * Favourites on the server (accounts spec sections 7 and 8; discovery section 4): discovery's
 * hearts, the listing page's save button, the wishlist and the session all use these.
 *
 * - getFavorites: select item_id where user_id is the given user; the ids, in row order.
 * - addFavorite: insert {user_id, item_id} for the signed-in user. A duplicate (23505) answers
 *   'Favorite already exists' and is NOT an error; another failure is reported as
 *   'Error saving favorite: ' + the server's message; no signed-in user is 'User not found'.
 * - removeFavorite: delete where user_id and item_id; a failure is
 *   'Error deleting favorite: ' + the server's message.
 *
 * getFavorites' entry for the signed-in user is the client's list of favourites (the spec's
 * userFavListing): kept for the page's life, changed optimistically by the spec's tab-mirrored
 * actions (shared/state's serverCache). The writes only persist a change already in that entry,
 * so they invalidate nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { api, clientOf, toApiError, type ApiError } from './baseApi';

export const FAVORITE_ADDED = 'Favorite added';
export const FAVORITE_ALREADY_EXISTS = 'Favorite already exists';
export const USER_NOT_FOUND = 'User not found';
const DUPLICATE_KEY = '23505';

export interface FavoriteWriteResult {
  message: typeof FAVORITE_ADDED | typeof FAVORITE_ALREADY_EXISTS | 'Favorite removed';
}

/** The signed-in user's id from the client's session (no request), or null. */
async function currentUserId(supabase: SupabaseClient): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}

function withPrefix(prefix: string, error: ApiError): ApiError {
  return { ...error, message: prefix + error.message };
}

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<number[], string>({
      async queryFn(userId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('Favorites')
          .select('item_id')
          .eq('user_id', userId);
        if (error) return { error: toApiError('Error loading favorites:', error) };
        return { data: (data as { item_id: number }[]).map((row) => Number(row.item_id)) };
      },
      providesTags: ['Favorites'],
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    addFavorite: build.mutation<FavoriteWriteResult, number>({
      async queryFn(itemId, queryApi) {
        const supabase = await clientOf(queryApi);
        const userId = await currentUserId(supabase);
        if (!userId) return { error: { message: USER_NOT_FOUND } };
        const { error } = await supabase.from('Favorites').insert({ user_id: userId, item_id: itemId });
        if (error) {
          if (error.code === DUPLICATE_KEY) return { data: { message: FAVORITE_ALREADY_EXISTS } };
          return { error: withPrefix('Error saving favorite: ', toApiError('Error saving favorite:', error)) };
        }
        return { data: { message: FAVORITE_ADDED } };
      },
    }),
    removeFavorite: build.mutation<FavoriteWriteResult, number>({
      async queryFn(itemId, queryApi) {
        const supabase = await clientOf(queryApi);
        const userId = await currentUserId(supabase);
        if (!userId) return { error: { message: USER_NOT_FOUND } };
        const { error } = await supabase.from('Favorites').delete().eq('user_id', userId).eq('item_id', itemId);
        if (error) {
          return { error: withPrefix('Error deleting favorite: ', toApiError('Error deleting favorite:', error)) };
        }
        return { data: { message: 'Favorite removed' } };
      },
    }),
  }),
});

export const { useGetFavoritesQuery, useAddFavoriteMutation, useRemoveFavoriteMutation } = favoritesApi;
