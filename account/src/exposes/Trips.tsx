import type { PagePrefetch } from 'shared/federation';
import { selectUserData } from 'shared/state';
import { tripsApi } from '../features/trips/api/tripsApi';
import { Trips } from '../features/trips/components/Trips';

export default Trips;

/** The first view's read, for a signed-in traveller: their trips. */
export const prefetch: PagePrefetch = (store) => {
  const email = selectUserData(store.getState())?.email;
  if (email) void store.dispatch(tripsApi.endpoints.getUserTrips.initiate(email));
};
