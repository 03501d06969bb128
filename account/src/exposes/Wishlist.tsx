import type { PagePrefetch } from 'shared/federation';
import { selectUserData } from 'shared/state';
import { wishlistApi } from '../features/wishlist/api/wishlistApi';
import { Wishlist } from '../features/wishlist/components/Wishlist';

export default Wishlist;

/** The first view's read, for a signed-in traveller: their saved homes (their favourites are the session's). */
export const prefetch: PagePrefetch = (store) => {
  const user = selectUserData(store.getState());
  if (user) void store.dispatch(wishlistApi.endpoints.getWishlist.initiate(user.id));
};
