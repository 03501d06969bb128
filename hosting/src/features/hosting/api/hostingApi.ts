/**
 * Hosting's reads and writes (issue 16). A host's places are read through my_listings() and
 * written only through the database's hosting functions (create_listing, save_listing,
 * set_listing_published), which check ownership and every value; blocked nights are rows of
 * room_blocked_dates under RLS; reservations come from host_reservations(), which gives the
 * guest's name, the dates, the nights and the total only, and a place's stays for its calendar
 * from host_stays(room), the booking, the guest's name and the nights (issue 42). Publishing or unpublishing refreshes
 * the grid's and search's caches ('Rooms'), so the place shows there (or not) at once. A draft is
 * deleted by the delete-listing edge function (the place, then its photos in Storage); a photo
 * removed from a saved place is removed from Storage, which keeps any photo a place still shows.
 */
import { api, clientOf, functionError, toApiError, type Room } from 'shared/api';
import type { BookingState, CancellationPolicy, ListingFacts } from 'shared/rules';

export type ListingStatus = 'draft' | 'published';

export interface HostListing {
  room_id: number;
  status: ListingStatus;
  cancellation_policy: CancellationPolicy;
  /** The place's currency and its nightly price in it (null until set). */
  currency: string | null;
  local_price: number | null;
  /** The amenities, house rules and check-in the host entered. */
  facts: ListingFacts;
  /**
   * The place's row, with its street (house_location) and exact lat and lng from room_locations
   * (issue 40): the public row holds only the area and an approximate point.
   */
  room: Room;
}

/** The stored rate table and the currency of each country the table names. */
export interface Currencies {
  /** Of each currency code, how many of it one US dollar buys. */
  perUsd: Record<string, number>;
  /** Of each country, as the geocoder names it, its currency code. */
  byCountry: Record<string, string>;
}

/** What a host sets, in save_listing's words (its facts included); any subset may be saved. */
export interface ListingFields extends ListingFacts {
  category: string;
  title: string;
  description: string;
  address: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  /** The nightly price in `currency`, a whole number (0 until set). */
  price: number;
  /** An ISO 4217 code of the rate table ('' until known: the country's then). */
  currency: string;
  /** The cleaning fee a stay pays, in `currency`, a whole number (0: none). */
  cleaning_fee: number;
  /** Percent off the nights of a stay of 7 nights or more, and of 28 or more (0: none; 0 to 90). */
  weekly_discount: number;
  monthly_discount: number;
  guests: number;
  bedrooms: number;
  beds: number;
  baths: number;
  images: string[];
  cancellation_policy: CancellationPolicy;
}

export interface BlockedRange {
  id: number;
  room_id: number;
  start_date: string;
  end_date: string;
}

/** A stay of one of the host's places, for its calendar (host_stays). */
export interface HostStay {
  booking_id: number;
  guest_name: string;
  start_date: string;
  end_date: string;
}

export interface Reservation {
  booking_id: number;
  room_id: number;
  room_title: string;
  guest_name: string;
  start_date: string;
  end_date: string;
  nights: number;
  total: number;
  currency: string;
  /** 'requested' (the host answers before request_expires_at) or 'confirmed'. */
  status: Extract<BookingState, 'requested' | 'confirmed'>;
  request_expires_at: string | null;
}

const PHOTO_BUCKET = 'listing-photos';
/** A host photo's path: the original (hosts/<id>/<name>), or a -800.webp of before originals. */
const PHOTO_PATH = /^\/storage\/v1\/object\/public\/listing-photos\/(hosts\/[^/]+\/[0-9a-f]{32})(?:-800\.webp)?$/;

/** The Storage object a "Rooms".images path shows (hosts/<id>/<name>), or null for another image. */
export function photoObjectName(path: string): string | null {
  return PHOTO_PATH.exec(path)?.[1] ?? null;
}

export const hostingApi = api
  .enhanceEndpoints({ addTagTypes: ['Hosting', 'Blocked', 'Reservations'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getCurrencies: build.query<Currencies, void>({
        async queryFn(_arg, queryApi) {
          const client = await clientOf(queryApi);
          const [rates, countries] = await Promise.all([
            client.from('currency_rates').select('currency, per_usd'),
            client.from('country_currencies').select('country, currency'),
          ]);
          if (rates.error) return { error: toApiError('Error fetching currencies:', rates.error) };
          if (countries.error) return { error: toApiError('Error fetching currencies:', countries.error) };
          return {
            data: {
              perUsd: Object.fromEntries(rates.data.map((r) => [r.currency as string, Number(r.per_usd)])),
              byCountry: Object.fromEntries(countries.data.map((c) => [c.country as string, c.currency as string])),
            },
          };
        },
      }),
      getMyListings: build.query<HostListing[], void>({
        async queryFn(_arg, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('my_listings');
          if (result.error) return { error: toApiError('Error fetching your places:', result.error) };
          return { data: result.data as HostListing[] };
        },
        providesTags: ['Hosting'],
      }),
      createListing: build.mutation<number, void>({
        async queryFn(_arg, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('create_listing');
          if (result.error) return { error: toApiError('Error creating a place:', result.error) };
          return { data: result.data as number };
        },
        invalidatesTags: ['Hosting'],
      }),
      saveListing: build.mutation<null, { id: number; fields: Partial<ListingFields> }>({
        async queryFn({ id, fields }, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('save_listing', { p_room_id: id, p_fields: fields });
          if (result.error) return { error: toApiError('Error saving your place:', result.error) };
          return { data: null };
        },
        invalidatesTags: (_result, _error, { id }) => ['Hosting', { type: 'Rooms', id }, 'Rooms'],
      }),
      setPublished: build.mutation<ListingStatus, { id: number; published: boolean }>({
        async queryFn({ id, published }, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('set_listing_published', {
            p_room_id: id,
            p_published: published,
          });
          if (result.error) return { error: toApiError('Error publishing your place:', result.error) };
          return { data: result.data as ListingStatus };
        },
        invalidatesTags: (_result, _error, { id }) => ['Hosting', { type: 'Rooms', id }, 'Rooms'],
      }),
      /** Deletes a draft of the host's and its photos (never a published or booked place). */
      deleteListing: build.mutation<null, number>({
        async queryFn(roomId, queryApi) {
          const result = await (await clientOf(queryApi)).functions.invoke('delete-listing', { body: { roomId } });
          if (result.error) return { error: await functionError('Error deleting your place:', result.error) };
          return { data: null };
        },
        invalidatesTags: ['Hosting'],
      }),
      /**
       * Removes photos from Storage by their "Rooms".images paths (the host's own uploads; Storage
       * keeps any a place still shows). Best effort: a photo left behind stays in the host's folder.
       */
      removePhotos: build.mutation<number, string[]>({
        async queryFn(paths, queryApi) {
          const names = paths.map(photoObjectName).filter((name): name is string => name !== null);
          if (names.length === 0) return { data: 0 };
          const { data, error } = await (await clientOf(queryApi)).storage.from(PHOTO_BUCKET).remove(names);
          if (error) return { error: toApiError('Error removing photos:', error) };
          return { data: data.length };
        },
      }),
      getBlockedRanges: build.query<BlockedRange[], number>({
        async queryFn(roomId, queryApi) {
          const { data, error } = await (await clientOf(queryApi))
            .from('room_blocked_dates')
            .select('id, room_id, start_date, end_date')
            .eq('room_id', roomId)
            .order('start_date');
          if (error) return { error: toApiError('Error fetching blocked dates:', error) };
          return { data };
        },
        providesTags: (_result, _error, roomId) => [{ type: 'Blocked', id: roomId }],
      }),
      blockDates: build.mutation<null, { roomId: number; start: string; end: string }>({
        async queryFn({ roomId, start, end }, queryApi) {
          const { error } = await (await clientOf(queryApi))
            .from('room_blocked_dates')
            .insert({ room_id: roomId, start_date: start, end_date: end });
          if (error) return { error: toApiError('Error blocking dates:', error) };
          return { data: null };
        },
        invalidatesTags: (_result, _error, { roomId }) => [{ type: 'Blocked', id: roomId }, 'BookedRanges', 'Rooms'],
      }),
      unblockDates: build.mutation<null, { roomId: number; id: number }>({
        async queryFn({ id }, queryApi) {
          const { error } = await (await clientOf(queryApi)).from('room_blocked_dates').delete().eq('id', id);
          if (error) return { error: toApiError('Error unblocking dates:', error) };
          return { data: null };
        },
        invalidatesTags: (_result, _error, { roomId }) => [{ type: 'Blocked', id: roomId }, 'BookedRanges', 'Rooms'],
      }),
      /** The signed-in user's id and access token, for a photo upload (sent with its progress). */
      uploadCredentials: build.mutation<{ userId: string; accessToken: string }, void>({
        async queryFn(_arg, queryApi) {
          const { data, error } = await (await clientOf(queryApi)).auth.getSession();
          if (error || !data.session) return { error: toApiError('Error reading the session:', error ?? { message: 'Signed out' }) };
          return { data: { userId: data.session.user.id, accessToken: data.session.access_token } };
        },
      }),
      getReservations: build.query<Reservation[], void>({
        async queryFn(_arg, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('host_reservations');
          if (result.error) return { error: toApiError('Error fetching reservations:', result.error) };
          return { data: result.data as Reservation[] };
        },
        providesTags: ['Reservations'],
      }),
      getStays: build.query<HostStay[], number>({
        async queryFn(roomId, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('host_stays', { p_room_id: roomId });
          if (result.error) return { error: toApiError('Error fetching the stays of your place:', result.error) };
          return { data: result.data as HostStay[] };
        },
        providesTags: ['Reservations'],
      }),
      /** The host's answer to a request (answer-request: accept captures the held card, decline releases it). */
      answerRequest: build.mutation<null, { bookingId: number; answer: 'accept' | 'decline' }>({
        async queryFn(body, queryApi) {
          const result = await (await clientOf(queryApi)).functions.invoke('answer-request', { body });
          if (result.error) return { error: await functionError('Error answering the request:', result.error) };
          return { data: null };
        },
        // Also after a refusal: the request was answered, withdrawn or expired meanwhile.
        invalidatesTags: ['Reservations', 'BookedRanges'],
      }),
      /** The host cancels a confirmed stay (host-cancel-booking: the traveller is refunded in full). */
      cancelReservation: build.mutation<null, number>({
        async queryFn(bookingId, queryApi) {
          const result = await (await clientOf(queryApi)).functions.invoke('host-cancel-booking', { body: { bookingId } });
          if (result.error) return { error: await functionError('Error cancelling the reservation:', result.error) };
          return { data: null };
        },
        // Also after a failure: a refund still owed (502) means the stay is cancelled all the same.
        invalidatesTags: ['Reservations', 'BookedRanges'],
      }),
      /** Whether the host's place books instantly (its hosted_rooms row, which only its host reads). */
      getInstantBook: build.query<boolean, number>({
        async queryFn(roomId, queryApi) {
          const result = await (await clientOf(queryApi))
            .from('hosted_rooms')
            .select('instant_book')
            .eq('room_id', roomId)
            .single<{ instant_book: boolean }>();
          if (result.error) return { error: toApiError('Error fetching the booking mode:', result.error) };
          return { data: result.data.instant_book };
        },
        providesTags: ['Hosting'],
      }),
      /** Instant (confirmed on payment) or on request (the host answers within 24 hours). */
      setInstantBook: build.mutation<boolean, { roomId: number; instant: boolean }>({
        async queryFn({ roomId, instant }, queryApi) {
          const result = await (await clientOf(queryApi)).rpc('set_instant_book', { p_room_id: roomId, p_instant: instant });
          if (result.error) return { error: toApiError('Error saving the booking mode:', result.error) };
          return { data: result.data as boolean };
        },
        // The choice shows at once (the radio the host pressed stays pressed) and is undone if the
        // save fails; read back after it.
        async onQueryStarted({ roomId, instant }, { dispatch, queryFulfilled }) {
          const shown = dispatch(hostingApi.util.updateQueryData('getInstantBook', roomId, () => instant));
          try {
            await queryFulfilled;
          } catch {
            shown.undo();
          }
        },
        invalidatesTags: ['Hosting', 'Rooms'],
      }),
    }),
  });

export const {
  useGetCurrenciesQuery,
  useGetMyListingsQuery,
  useCreateListingMutation,
  useSaveListingMutation,
  useSetPublishedMutation,
  useDeleteListingMutation,
  useRemovePhotosMutation,
  useGetBlockedRangesQuery,
  useBlockDatesMutation,
  useUnblockDatesMutation,
  useGetReservationsQuery,
  useGetStaysQuery,
  useAnswerRequestMutation,
  useCancelReservationMutation,
  useGetInstantBookQuery,
  useSetInstantBookMutation,
  useUploadCredentialsMutation,
} = hostingApi;
