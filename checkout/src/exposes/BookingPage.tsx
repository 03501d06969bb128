import { roomsApi } from 'shared/api';
import type { PagePrefetch } from 'shared/federation';
import { parseRoomId } from 'shared/rules';
import { BookingPage } from '../features/checkout/components/BookingPage';

export default BookingPage;

/** The first view's reads: the place being booked and its booked nights. */
export const prefetch: PagePrefetch = (store, { params }) => {
  const roomId = parseRoomId(params.id);
  if (roomId === null) return;
  void store.dispatch(roomsApi.endpoints.getRoomById.initiate(roomId));
  void store.dispatch(roomsApi.endpoints.getBookedRanges.initiate(roomId));
};
