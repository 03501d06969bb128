import { roomsApi } from 'shared/api';
import type { PagePrefetch } from 'shared/federation';
import { parseRoomId, toIsoDay } from 'shared/rules';
import { selectIsLoggedIn } from 'shared/state';
import { stayFromSearch } from 'shared/url';
import { ListingPage } from '../features/houseDetail/components/ListingPage';
import { reviewsApi } from '../features/reviews';

/** listing/HouseDetail: the /house/:id page. */
export default function HouseDetail() {
  return <ListingPage />;
}

/**
 * The first view's reads: the room, its facts, its cancellation policy, its booked nights and its
 * reviews; with a stay in the URL, its quote (the price card's lines); signed in, also its exact
 * location (null unless the reader hosts it or booked it).
 */
export const prefetch: PagePrefetch = (store, { params, search }) => {
  const roomId = parseRoomId(params.id);
  if (roomId === null) return;
  void store.dispatch(roomsApi.endpoints.getRoomById.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getListingFacts.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getCancellationPolicy.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getBookedRanges.initiate(roomId));
  void store.dispatch(reviewsApi.endpoints.getRoomReviews.initiate(roomId));
  const { start, end } = stayFromSearch(search, toIsoDay(new Date())).range;
  if (start !== null && end !== null) void store.dispatch(roomsApi.endpoints.getStayQuote.initiate({ roomId, checkIn: start, checkOut: end }));
  if (selectIsLoggedIn(store.getState())) void store.dispatch(roomsApi.endpoints.getExactLocation.initiate(roomId));
};
