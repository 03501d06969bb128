import type { PagePrefetch } from 'shared/federation';
import { selectIsLoggedIn } from 'shared/state';
import { hostingApi } from '../features/hosting/api/hostingApi';
import { Hosting } from '../features/hosting/components/Hosting';

export default Hosting;

/** The first view's reads, for a signed-in host: their places and upcoming reservations. */
export const prefetch: PagePrefetch = (store) => {
  if (!selectIsLoggedIn(store.getState())) return;
  void store.dispatch(hostingApi.endpoints.getMyListings.initiate());
  void store.dispatch(hostingApi.endpoints.getReservations.initiate());
};
