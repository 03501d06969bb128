import { roomsApi } from 'shared/api';
import type { PagePrefetch } from 'shared/federation';
import { parseRoomId, toIsoDay } from 'shared/rules';
import { stayFromSearch } from 'shared/url';
import { checkoutApi } from '../features/checkout/api';
import { BookingPage } from '../features/checkout/components/BookingPage';

export default BookingPage;

/**
 * The first view's reads: the place being booked, its booked nights, its cancellation policy,
 * whether it books instantly and, with a stay in the URL, its quote (Price details). The policy is the page's largest text (its LCP on a phone): read
 * here, the server paints it instead of a placeholder the browser fills in after hydration; the
 * booking mode names the button ('Confirm and pay' or 'Request to book') in the server's HTML
 * (issue 42).
 */
export const prefetch: PagePrefetch = (store, { params, search }) => {
  const roomId = parseRoomId(params.id);
  if (roomId === null) return;
  void store.dispatch(roomsApi.endpoints.getRoomById.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getBookedRanges.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getCancellationPolicy.initiate(roomId));
  void store.dispatch(checkoutApi.endpoints.getInstantBook.initiate(roomId));
  const { start, end } = stayFromSearch(search, toIsoDay(new Date())).range;
  if (start !== null && end !== null) void store.dispatch(roomsApi.endpoints.getStayQuote.initiate({ roomId, checkIn: start, checkOut: end }));
};
