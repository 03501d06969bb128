/**
 * The home grid: 16 rooms a page for the selected category (or the last search), the next
 * page loading when the grid's bottom comes within 500px of the viewport or on 'Show More'.
 * 50 skeleton cards while the first page loads or the overlay's search is flagged, 12 more
 * while the next page loads. A failed read shows a message with Retry; no match shows an empty
 * state, never a blank grid. A search says how many homes it found ('N homes') and its empty
 * state offers to clear it; the last page ends with a line saying so. Cards give their distance
 * from the place the search resolves to (resolve_place, as search_rooms resolves it); without a
 * place with a point (no search, a region, nothing resolved) they give none.
 * Pointing at a card highlights its pin on the results map (features/map).
 */
import { useNavigate } from 'shared/router';
import { staySearch, stayOf } from 'shared/url';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from 'shared/store';
import {
  INFINITE_SCROLL_TRIGGER_PX,
  SKELETON_COUNTS,
  kilometresBetween,
  datesSummary,
} from 'shared/rules';
import { clearAll } from 'shared/state';
import { ListingCardSkeleton } from 'shared/ui';
import { useGetGridCountQuery, useGetGridPageInfiniteQuery, useGetSearchPlaceQuery } from 'shared/api';
import { highlightRoom } from '../../map';
import { selectSearching, useHomeSearch } from '../../search';
import { useNearViewportBottom } from '../hooks/useNearViewportBottom';
import { GridCard } from './GridCard';
import styles from './ListingGrid.module.css';

const homes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'home' : 'homes'}`;

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
  const reference = search && place?.lat != null && place.lng != null ? { lat: place.lat, lng: place.lng } : null;
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
      <div className={styles.message} role="status">
        <h2>No exact matches</h2>
        <p>
          {search
            ? 'No homes match your search. Try other dates, fewer guests or another destination.'
            : 'There are no homes in this category yet. Try another category.'}
        </p>
        {search && (
          <button type="button" className={styles.button} onClick={clearSearch}>
            Clear search
          </button>
        )}
      </div>
    );
  }

  return (
    <>
      {search && count !== undefined && (
        <p className={styles.count} role="status">
          {homes(count)}
        </p>
      )}
      <div className={styles.grid}>
        {rooms.map((room, i) => (
          // Pointing at a card (or tabbing into it) highlights its pin on the results map.
          <div
            key={room.id}
            className={styles.cell}
            onMouseEnter={() => dispatch(highlightRoom(room.id))}
            onMouseLeave={() => dispatch(highlightRoom(null))}
            onFocus={() => dispatch(highlightRoom(room.id))}
            onBlur={() => dispatch(highlightRoom(null))}
          >
            <GridCard
              room={room}
              // The first card is in the first row at every width (the CSS decides how many share
              // it): its photo is the one asked for at once; the rest of the row loads lazily,
              // which the browser starts as soon as it has laid them out in view.
              priority={i === 0}
              distanceKm={reference && room.lat != null && room.lng != null ? kilometresBetween(reference, { lat: room.lat, lng: room.lng }) : null}
              datesText={stayDates}
              staySearch={stayQuery}
            />
          </div>
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
