import type { PagePrefetch } from 'shared/federation';
import { selectUserData } from 'shared/state';
import { tripsApi } from '../features/trips/api/tripsApi';
import { Trips } from '../features/trips/components/Trips';

export default Trips;

/** The first view's read, for a signed-in traveller: their trips. */
export const prefetch: PagePrefetch = (store) => {
  const userId = selectUserData(store.getState())?.id;
  if (userId) void store.dispatch(tripsApi.endpoints.getUserTrips.initiate(userId));
};
