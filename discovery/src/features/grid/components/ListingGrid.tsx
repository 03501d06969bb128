/**
 * The home grid: 16 rooms a page for the selected category (or the last search), the next
 * page loading when the grid's bottom comes within 500px of the viewport or on 'Show More'.
 * 50 skeleton cards while the first page loads or the overlay's search is flagged, 12 more
 * while the next page loads. A failed read shows a message with Retry; no match shows an empty
 * state, never a blank grid. A search says how many homes it found ('N homes') and its empty
 * state offers to clear it; the last page ends with a line saying so. Cards give their distance
 * from the place the search resolves to (resolve_place, as search_rooms resolves it); without a
 * place with a point (no search, a region, nothing resolved) they give none; nor for a country
 * (the count says 'in Italy' instead). Above the grid, the place searched (issue 43): 'Showing
 * results for Barcelona' when a close spelling stood in for the search, with the way back to the
 * typed text (the same search in double quotes, taken as typed), and the other places of the name
 * it may have meant ('Bāli, India'). A place with no homes says so and shows the nearest homes
 * under 'Nearby' (the same search over the whole world, nearest the place first).
 * Pointing at a card highlights its pin on the results map (features/map). Without a searched
 * stay, each card shows its next free stay of 5 nights (getNextFreeStays, one call a page).
 */
import { Link, useLocation, useNavigate } from 'shared/router';
import { staySearch, stayOf } from 'shared/url';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from 'shared/store';
import {
  INFINITE_SCROLL_TRIGGER_PX,
  SKELETON_COUNTS,
  kilometresBetween,
  activeFilterCount,
  cardDatesText,
  datesSummary,
} from 'shared/rules';
import { clearAll } from 'shared/state';
import { ListingCardSkeleton } from 'shared/ui';
import {
  distanceOrigin,
  useGetGridCountQuery,
  useGetGridPageInfiniteQuery,
  useGetNextFreeStaysQuery,
  useGetSearchPlaceQuery,
  type GridRoom,
  type SearchPlace,
} from 'shared/api';
import { highlightRoom } from '../../map';
import { homeSearchWith, selectSearching, useHomeSearch } from '../../search';
import { useNearViewportBottom } from '../hooks/useNearViewportBottom';
import { GridCard } from './GridCard';
import styles from './ListingGrid.module.css';

const homes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'home' : 'homes'}`;

/** The whole world as a map box: a search over it is every home, nearest the place searched first. */
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

function skeletons(count: number, keyPrefix: string) {
  return Array.from({ length: count }, (_, i) => <ListingCardSkeleton key={`${keyPrefix}${i}`} />);
}

export function ListingGrid() {
  const dispatch = useAppDispatch();
  const { criteria, search, category } = useHomeSearch();
  const searching = useAppSelector(selectSearching);
  // The searched stay: cards show its dates and their links carry it to the listing.
  const stayDates = datesSummary(stayOf(criteria).range) || undefined;
  const stayQuery = staySearch(criteria);
  const navigate = useNavigate();
  const clearSearch = () => {
    dispatch(clearAll());
    void navigate('/home');
  };

  const { currentData, isFetching, isError, error, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } =
    useGetGridPageInfiniteQuery({ category, search });
  const { currentData: count } = useGetGridCountQuery(search ? { category, search } : skipToken);
  const { currentData: place } = useGetSearchPlaceQuery(search && search.searchText !== '' ? search.searchText : skipToken);

  // Only the rooms of the current category and search: another category's rooms never linger.
  const rooms = currentData?.pages.flat() ?? [];
  const reference = search ? distanceOrigin(place) : null;
  // A place with no homes: the nearest homes, with their distances, under 'Nearby'.
  const noHomesAtPlace = !isFetching && currentData !== undefined && rooms.length === 0 && reference !== null && search !== null && search.box === null;
  const { currentData: nearbyData } = useGetGridPageInfiniteQuery(
    noHomesAtPlace ? { category, search: { ...search, box: WORLD } } : skipToken,
  );
  const nearby = nearbyData?.pages[0] ?? [];
  const distanceOf = (room: GridRoom) =>
    reference && room.lat != null && room.lng != null ? kilometresBetween(reference, { lat: room.lat, lng: room.lng }) : null;
  const isLoading = currentData === undefined && isFetching;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useNearViewportBottom<HTMLDivElement>(
    () => {
      if (canLoadMore) void fetchNextPage();
    },
    INFINITE_SCROLL_TRIGGER_PX,
    canLoadMore,
  );

  if (isLoading || searching) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label="Loading homes">
        {skeletons(SKELETON_COUNTS.initial, 's')}
      </div>
    );
  }

  if (isError && rooms.length === 0) {
    return (
      <div className={styles.message} role="alert">
        <h2>We couldn&apos;t load homes right now</h2>
        <p>{error?.message ?? 'Something went wrong.'} Check your connection and try again.</p>
        <button type="button" className={styles.button} onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  }

  if (rooms.length === 0) {
    return (
      <>
        {search && <PlaceLine place={place} />}
        <div className={noHomesAtPlace ? `${styles.message} ${styles.beforeNearby}` : styles.message} role="status">
          <h2>No exact matches</h2>
          <p>
            {place && reference
              ? `There are no homes in ${place.name}${stayDates ? ' on your dates' : ''}. The nearest are below.`
              : search && activeFilterCount(search.filters) > 0
                ? 'No homes match your search and filters. Try fewer filters, other dates or another destination.'
                : search
                  ? 'No homes match your search. Try other dates, fewer guests or another destination.'
                : 'There are no homes in this category yet. Try another category.'}
          </p>
          {search && (
            <button type="button" className={styles.button} onClick={clearSearch}>
              Clear search
            </button>
          )}
        </div>
        {noHomesAtPlace && nearby.length > 0 && (
          <section aria-labelledby="nearby-heading">
            <h2 id="nearby-heading" className={styles.nearbyHeading}>
              Nearby
            </h2>
            <div className={styles.grid}>
              <PageCells rooms={nearby} distanceOf={distanceOf} stayDates={stayDates} staySearch={stayQuery} />
            </div>
          </section>
        )}
      </>
    );
  }

  return (
    <>
      {search && <PlaceLine place={place} />}
      {search && count !== undefined && (
        <p className={styles.count} role="status">
          {homes(count)}
          {place?.kind === 'country' && ` in ${place.name}`}
        </p>
      )}
      <div className={styles.grid}>
        {currentData?.pages.map((page, p) => (
          <PageCells key={p} rooms={page} first={p === 0} highlights distanceOf={distanceOf} stayDates={stayDates} staySearch={stayQuery} />
        ))}
        {isFetchingNextPage && skeletons(SKELETON_COUNTS.fetchingMore, 'm')}
      </div>
      <div ref={sentinel} className={styles.sentinel} />
      {isFetchNextPageError && (
        <div className={styles.message} role="alert">
          <p>We couldn&apos;t load more homes.</p>
          <button type="button" className={styles.button} onClick={() => void fetchNextPage()}>
            Retry
          </button>
        </div>
      )}
      {hasNextPage && !isFetchNextPageError && (
        <div className={styles.more}>
          <button type="button" className={styles.button} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show More
          </button>
        </div>
      )}
      {!hasNextPage && <p className={styles.end}>That&apos;s everything: {homes(rooms.length)}</p>}
    </>
  );
}

/**
 * One page of cards: the searched stay's dates, or else each card's next free stay (asked for
 * the page at once). Pointing at a card (or tabbing into it) highlights its pin on the results map.
 */
function PageCells({
  rooms,
  first = false,
  highlights = false,
  distanceOf,
  stayDates,
  staySearch: stayQuery,
}: {
  rooms: GridRoom[];
  first?: boolean;
  highlights?: boolean;
  distanceOf: (room: GridRoom) => number | null;
  stayDates: string | undefined;
  staySearch: string;
}) {
  const dispatch = useAppDispatch();
  const { currentData: freeStays } = useGetNextFreeStaysQuery(stayDates || rooms.length === 0 ? skipToken : rooms.map((room) => room.id));
  const datesOf = (room: GridRoom) => {
    const free = freeStays?.[room.id];
    return stayDates ?? (free ? cardDatesText(free.checkIn, free.checkOut) : undefined);
  };
  return rooms.map((room, i) => (
    <div
      key={room.id}
      className={styles.cell}
      onMouseEnter={highlights ? () => dispatch(highlightRoom(room.id)) : undefined}
      onMouseLeave={highlights ? () => dispatch(highlightRoom(null)) : undefined}
      onFocus={highlights ? () => dispatch(highlightRoom(room.id)) : undefined}
      onBlur={highlights ? () => dispatch(highlightRoom(null)) : undefined}
    >
      <GridCard
        room={room}
        // The first card is in the first row at every width (the CSS decides how many share
        // it): its photo is the one asked for at once; the rest of the row loads lazily,
        // which the browser starts as soon as it has laid them out in view.
        priority={first && i === 0}
        distanceKm={distanceOf(room)}
        datesText={datesOf(room)}
        staySearch={stayQuery}
      />
    </div>
  ));
}

/** 'Country' for a choice's label: 'Bāli, India'. */
const placeLabel = (place: { name: string; country: string | null }) => (place.country ? `${place.name}, ${place.country}` : place.name);

/**
 * The place searched, when the page should say which: a close spelling that stood in for the
 * search (with the way back to the typed text), and the other places of the name it may mean.
 */
function PlaceLine({ place }: { place: SearchPlace | null | undefined }) {
  const { search: query } = useLocation();
  const { criteria } = useHomeSearch();
  if (!place || (!place.corrected && place.alternatives.length === 0)) return null;
  const searchFor = (where: string) =>
    homeSearchWith(query, (params) => {
      params.set('where', where);
      params.delete('box');
    });
  return (
    <div className={styles.placeLine}>
      {place.corrected && (
        <p>
          Showing results for <strong>{place.name}</strong>.{' '}
          <Link to={searchFor(`"${criteria.where.replace(/"/g, '').trim()}"`)}>Search instead for {criteria.where.trim()}</Link>
        </p>
      )}
      {place.alternatives.length > 0 && (
        <nav aria-label="Places with this name">
          <span>Did you mean:</span>
          <ul>
            <li>
              <span aria-current="true">{placeLabel(place)}</span>
            </li>
            {place.alternatives.map((other) => (
              <li key={placeLabel(other)}>
                <Link to={searchFor(placeLabel(other))}>{placeLabel(other)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
