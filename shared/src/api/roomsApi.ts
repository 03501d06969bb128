/**
 * The room reads several remotes share (spec discovery section 7, calls 3 and 4; accounts
 * section 7 'Rooms by id list' and 'Room by id'): the listing page, the booking page, the
 * wishlist and the trips.
 *
 * - getRoomById: select * where id equals one value, single row. A room that does not exist
 *   (PostgREST PGRST116, no row for `single`) is logged and answered with null, as the spec
 *   asks. Any other failure (network, server) is logged and reported as the endpoint's error,
 *   so a page can tell "no such listing" from "could not read it" and offer a retry.
 * - getRoomsByIds: select * where id is in a list; errors are logged, then reported as the
 *   endpoint's error (thrown, in RTK Query terms). Rows come back in the order of the ids asked.
 * - getGridPage (discovery section 7, call 5, query 'iconFilter'): the home grid, 16 rooms a
 *   page by range, filtered by the selected category. During a search the rows come from the
 *   backend's search_rooms function (the 90% letter rule, free on the chosen dates, sleeping the
 *   guests; a region's places, or a typed place ranked best first) with the same category filter
 *   and paging, in the function's ranked order. A page of 16 means there may be more; fewer
 *   means the end.
 * - getCancellationPolicy: the listing's cancellation policy (its row of
 *   room_cancellation_policies; none means the default, moderate), which the listing page states
 *   beside the spec's fixed 'free cancellation 48 hours' and the trips keep as paid.
 * - getListingFacts: listing_facts(), the amenities, house rules and check-in the host entered and
 *   what the data says of the host (issue 29: the page shows these and nothing invented); null for
 *   a room the reader may not read.
 * - getExactLocation: the street and exact point of a place (issue 40; its row of room_locations),
 *   which the database gives only to its host and to travellers with a confirmed stay there;
 *   null for everyone else, and for a seed catalogue place, whose public row is all there is.
 *   "Rooms" itself holds the area (house_location) and an approximate point.
 * - getStayQuote: the price of a stay (quote_stay(), the database's one price rule: nights, any
 *   weekly or monthly discount, the host's cleaning fee, the service fee and the total, in the
 *   listing's currency and in US dollars with the rate used), which the listing's price card and
 *   mobile bar and the booking page show, and the payment charges.
 * - getRoomHasHost: whether a place has a host account to message (issue 30; room_has_host),
 *   for the listing's "Contact host" and a trip's "Message host".
 * - getSearchPlace: the place a search text resolves to (resolve_place: a city, an island, a
 *   region, a country or a landmark, as search_rooms resolves it; null when nothing does), with the
 *   close candidates it may have meant instead. Cards measure their distance from its centre
 *   (distanceOrigin: none for a country), so a card's distance is from the place searched.
 * - getNextFreeStays: each card's next free stay of CARD_STAY_NIGHTS nights from today
 *   (next_free_stays, from the bookings and the host's blocked nights), for a page of cards in
 *   one call; cards without a searched stay show it instead of the spec's fixed '16-21 May'.
 * - getGridCount: how many rooms the grid has in all for the same arguments ('N homes'). Discovery's grid reads it; it lives here so that the shell can ask for
 *   the first page at start-up (app/prefetchHome.ts) and the grid find it in the cache.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { api, clientOf, toApiError } from './baseApi';
import type { RoomLocationsRow, RoomsRow } from './rows';
import {
  CARD_STAY_NIGHTS,
  DEFAULT_CANCELLATION_POLICY,
  GRID_PAGE_SIZE,
  isCancellationPolicy,
  type BookedRange,
  type CancellationPolicy,
  type IsoDay,
  type ListingFactsRead,
} from 'shared/rules';
import type { SearchQuery } from 'shared/url';

/**
 * A row of "Rooms", as the schema generates it (./rows.ts). `price` is per night in the listing's
 * `currency` (the seed catalogue's rupees, a host's own currency); `nightly_usd` is that night in
 * whole US dollars at the stored rate, the figure cards show;
 * `images` are backend-relative paths (resolveImageUrl), the first the cover; `rating_count` is a
 * display text such as '(18)'; `guest_favorite` is 'Guest favourite' or ''.
 */
export type Room = RoomsRow;

/** One line of a quote: in the listing's currency, and in whole US dollars (the charged currency). */
export interface QuoteAmount {
  local: number;
  usd: number;
}

/** quote_stay()'s answer: a stay's line items; a paid booking keeps it ("Bookings".quote). */
export interface StayQuote {
  room_id: number;
  check_in: string;
  check_out: string;
  nights: number;
  /** The listing's currency, and how much of it one US dollar buys (the rate used). */
  currency: string;
  charged_currency: 'USD';
  rate: number;
  nightly: QuoteAmount;
  nights_total: QuoteAmount;
  discount: QuoteAmount & { kind: 'weekly' | 'monthly' | null; percent: number };
  cleaning_fee: QuoteAmount;
  service_fee: QuoteAmount & { percent: number };
  total: QuoteAmount;
  total_cents: number;
}

/** A stay to price (guests change no price: the payment checks them). */
export interface StayQuoteArgs {
  roomId: number;
  checkIn: string;
  checkOut: string;
}

/** A place's street address and exact point, for its host and its booked travellers only. */
export type ExactLocation = Pick<RoomLocationsRow, 'address' | 'lat' | 'lng'>;

/**
 * search_rooms' named arguments for a query. stay_nights is sent only when the stay may move
 * inside the window (a hint chip, flexible mode); without it every night of the window counts.
 * The map's area goes as box_west, box_south, box_east and box_north, all four or none (issue 31).
 * The filters (issue 43) go only when on; `withPrice: false` leaves the price range out (the
 * price histogram's arguments).
 */
export function searchRoomsArgs(query: SearchQuery, { withPrice = true } = {}) {
  const { box, filters } = query;
  return {
    search_text: query.searchText,
    check_in: query.checkIn,
    check_out: query.checkOut,
    guests: query.guests > 0 ? query.guests : null,
    ...(query.stayNights === null ? {} : { stay_nights: query.stayNights }),
    ...(box === null ? {} : { box_west: box.west, box_south: box.south, box_east: box.east, box_north: box.north }),
    ...(withPrice && filters.minPrice !== null ? { min_price: filters.minPrice } : {}),
    ...(withPrice && filters.maxPrice !== null ? { max_price: filters.maxPrice } : {}),
    ...(filters.placeType === null ? {} : { place_type: filters.placeType }),
    ...(filters.bedrooms === null ? {} : { min_bedrooms: filters.bedrooms }),
    ...(filters.beds === null ? {} : { min_beds: filters.beds }),
    ...(filters.baths === null ? {} : { min_bathrooms: filters.baths }),
    ...(filters.amenities.length === 0 ? {} : { amenities: filters.amenities }),
    ...(filters.instantBook ? { instant_book: true } : {}),
  };
}

/** A place a search may mean (a row of resolve_place). */
export interface PlaceCandidate {
  name: string;
  /** The country's name; null for a region of search.region_places. */
  country: string | null;
  kind: 'city' | 'country' | 'region' | 'island' | 'landmark';
  /** Its centre (a country's is its capital); null for a region of search.region_places. */
  lat: number | null;
  lng: number | null;
  /** How far from its centre its homes are; null for a country or a region of its countries. */
  radius_km: number | null;
  /** A close spelling stood in for the search ('Barcelona' for 'Barcelna'). */
  corrected: boolean;
}

/** The place searched (resolve_place's first row) and the close candidates it may have meant instead. */
export interface SearchPlace extends PlaceCandidate {
  alternatives: PlaceCandidate[];
}

/**
 * Where a searched place's distances are measured from: its centre (a city's, an island's, a
 * region's, a landmark's), or none for a country (every distance from its capital would be
 * untrue, issue 43) or a region made of countries.
 */
export function distanceOrigin(place: SearchPlace | null | undefined): { name: string; lat: number; lng: number } | null {
  if (!place || place.kind === 'country' || place.lat === null || place.lng === null) return null;
  return { name: place.name, lat: place.lat, lng: place.lng };
}

export interface GridArgs {
  /** '' for every category. */
  category: string;
  search: SearchQuery | null;
}

/** The grid card's columns (the full row is not needed). */
const GRID_COLUMNS = 'id, "house-title", city, country, nightly_usd, images, house_rating, guest_favorite, filter, lat, lng';

export type GridRoom = Pick<
  Room,
  'id' | 'house-title' | 'city' | 'country' | 'nightly_usd' | 'images' | 'house_rating' | 'guest_favorite' | 'filter' | 'lat' | 'lng'
>;

/**
 * The grid's rows for a category and search: search_rooms' matches (ranked by the function) or
 * every room by id.
 */
function gridRequest(supabase: SupabaseClient, { category, search }: GridArgs, columns: string, count?: 'exact') {
  const options = count ? { count } : {};
  let request = search
    ? supabase.rpc('search_rooms', searchRoomsArgs(search), options).select(columns)
    : supabase.from('Rooms').select(columns, options).order('id');
  if (category !== '') request = request.eq('filter', category);
  return request;
}

/** A room's next free stay (next_free_stays). */
export interface FreeStay {
  checkIn: IsoDay;
  checkOut: IsoDay;
}

/** PostgREST's code when `single` finds no row. */
const NO_SINGLE_ROW = 'PGRST116';

export const roomsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoomById: build.query<Room | null, number>({
      async queryFn(id, queryApi) {
        const { data, error } = await (await clientOf(queryApi)).from('Rooms').select('*').eq('id', id).single<Room>();
        if (error) {
          const apiError = toApiError(`Error fetching room ${id}:`, error);
          if (error.code === NO_SINGLE_ROW) return { data: null };
          return { error: apiError };
        }
        return { data };
      },
      providesTags: (_result, _error, id) => [{ type: 'Rooms', id }],
    }),
    getCancellationPolicy: build.query<CancellationPolicy, number>({
      async queryFn(roomId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('room_cancellation_policies')
          .select('policy')
          .eq('room_id', roomId)
          .maybeSingle<{ policy: string }>();
        if (error) return { error: toApiError(`Error fetching the cancellation policy of room ${roomId}:`, error) };
        return { data: isCancellationPolicy(data?.policy) ? data.policy : DEFAULT_CANCELLATION_POLICY };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Rooms', id: roomId }],
    }),
    /**
     * Nights already booked, from the backend's `room_booked_ranges(room_id)` (confirmed, completed
     * and requested stays, and the host's blocked nights, as half-open [start_date, end_date) ranges): the listing's and the booking page's
     * calendars strike them through.
     */
    getBookedRanges: build.query<BookedRange[], number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('room_booked_ranges', { room_id: roomId });
        if (result.error) return { error: toApiError(`Error fetching booked nights of room ${roomId}:`, result.error) };
        return { data: (result.data as { start_date: string; end_date: string }[]).map((row) => ({ start: row.start_date, end: row.end_date })) };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'BookedRanges', id: roomId }],
    }),
    getListingFacts: build.query<ListingFactsRead | null, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('listing_facts', { p_room_id: roomId });
        if (result.error) return { error: toApiError(`Error fetching the facts of room ${roomId}:`, result.error) };
        return { data: (result.data as ListingFactsRead | null) ?? null };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Rooms', id: roomId }],
    }),
    getExactLocation: build.query<ExactLocation | null, number>({
      async queryFn(roomId, queryApi) {
        const { data, error } = await (await clientOf(queryApi))
          .from('room_locations')
          .select('address, lat, lng')
          .eq('room_id', roomId)
          .maybeSingle();
        if (error) return { error: toApiError(`Error fetching the location of room ${roomId}:`, error) };
        return { data: data ?? null };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Rooms', id: roomId }],
    }),
    /** Whether a place has a host account one can message (room_has_host; the seed catalogue's have none). */
    getRoomHasHost: build.query<boolean, number>({
      async queryFn(roomId, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('room_has_host', { p_room_id: roomId });
        if (result.error) return { error: toApiError(`Error asking whether room ${roomId} has a host:`, result.error) };
        return { data: result.data === true };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Rooms', id: roomId }],
    }),
    getStayQuote: build.query<StayQuote, StayQuoteArgs>({
      async queryFn({ roomId, checkIn, checkOut }, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('quote_stay', {
          p_room_id: roomId,
          p_check_in: checkIn,
          p_check_out: checkOut,
        });
        if (result.error) return { error: toApiError(`Error pricing a stay at room ${roomId}:`, result.error) };
        return { data: result.data as StayQuote };
      },
      providesTags: (_result, _error, { roomId }) => [{ type: 'Rooms', id: roomId }],
    }),
    getRoomsByIds: build.query<Room[], readonly number[]>({
      async queryFn(ids, queryApi) {
        if (ids.length === 0) return { data: [] };
        const { data, error } = await (await clientOf(queryApi)).from('Rooms').select('*').in('id', [...ids]);
        if (error) return { error: toApiError('Error fetching rooms by ids:', error) };
        const byId = new Map((data as Room[]).map((room) => [room.id, room]));
        return { data: ids.flatMap((id) => byId.get(id) ?? []) };
      },
      providesTags: (result) => (result ?? []).map((room) => ({ type: 'Rooms' as const, id: room.id })),
    }),
    getGridPage: build.infiniteQuery<GridRoom[], GridArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.length === GRID_PAGE_SIZE ? lastPageParam + 1 : undefined,
      },
      async queryFn({ queryArg, pageParam }, queryApi) {
        const from = pageParam * GRID_PAGE_SIZE;
        const { data, error } = await gridRequest(await clientOf(queryApi), queryArg, GRID_COLUMNS).range(
          from,
          from + GRID_PAGE_SIZE - 1,
        );
        if (error) return { error: toApiError('Error fetching grid rooms:', error) };
        return { data: (data ?? []) as unknown as GridRoom[] };
      },
      providesTags: ['Rooms'],
    }),
    getSearchPlace: build.query<SearchPlace | null, string>({
      async queryFn(searchText, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('resolve_place', { search_text: searchText });
        if (result.error) return { error: toApiError(`Error resolving the place '${searchText}':`, result.error) };
        const [place, ...alternatives] = result.data as PlaceCandidate[];
        return { data: place ? { ...place, alternatives } : null };
      },
    }),
    getNextFreeStays: build.query<Record<number, FreeStay>, readonly number[]>({
      async queryFn(ids, queryApi) {
        if (ids.length === 0) return { data: {} };
        const result = await (await clientOf(queryApi)).rpc('next_free_stays', { room_ids: [...ids], nights: CARD_STAY_NIGHTS });
        if (result.error) return { error: toApiError('Error fetching the next free stays:', result.error) };
        const rows = result.data as { room_id: number; check_in: IsoDay; check_out: IsoDay }[];
        return { data: Object.fromEntries(rows.map((row) => [row.room_id, { checkIn: row.check_in, checkOut: row.check_out }])) };
      },
      providesTags: ['Rooms', 'BookedRanges'],
    }),
    getGridCount: build.query<number, GridArgs>({
      async queryFn(args, queryApi) {
        const { error, count } = await gridRequest(await clientOf(queryApi), args, 'id', 'exact').range(0, 0);
        if (error) return { error: toApiError('Error counting grid rooms:', error) };
        return { data: count ?? 0 };
      },
      providesTags: ['Rooms'],
    }),
  }),
});

export const {
  useGetRoomByIdQuery,
  useGetCancellationPolicyQuery,
  useGetBookedRangesQuery,
  useGetListingFactsQuery,
  useGetRoomHasHostQuery,
  useGetStayQuoteQuery,
  useGetExactLocationQuery,
  useGetRoomsByIdsQuery,
  useGetGridPageInfiniteQuery,
  useGetGridCountQuery,
  useGetNextFreeStaysQuery,
  useGetSearchPlaceQuery,
} = roomsApi;
