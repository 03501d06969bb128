/**
 * The signed-in user's saved homes (accounts spec section 2 'Wishlist'): their favourites, each
 * with its room embedded (PostgREST follows Favorites.item_id to "Rooms"), in one request,
 * oldest first. A favourite whose room the reader may not see has none and is left out. Errors
 * are logged, then reported as the endpoint's error.
 */
import { api, clientOf, toApiError, type Room } from 'shared/api';

export const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWishlist: build.query<Room[], string>({
      async queryFn(userId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('Favorites')
          .select('item_id, room:Rooms(*)')
          .eq('user_id', userId)
          .order('id');
        if (error) return { error: toApiError('Error fetching the wishlist:', error) };
        const rows = data as unknown as Array<{ item_id: number; room: Room | null }>;
        return { data: rows.flatMap((row) => (row.room ? [row.room] : [])) };
      },
    }),
  }),
});

export const { useGetWishlistQuery } = wishlistApi;
