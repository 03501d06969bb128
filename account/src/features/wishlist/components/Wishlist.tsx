/**
 * /wishlist (accounts spec section 2): 'Wishlists'; signed out, a prompt with Log in; signed in
 * with no favourites, the empty text and 'Start Exploring'; otherwise the favourited listings
 * as the shared listing card, each opening /house/{id} in a new tab.
 *
 * The saved homes are read with their favourites in one request (getWishlist, afresh on each
 * visit), shown in the order of the favourites. Ids added later (here or in another tab) are
 * added to what is shown once their rooms are read by id; an id removed here keeps its card
 * with an empty heart, so a slip of the finger can be undone. Each card shows its next free stay
 * of 5 nights (getNextFreeStays, one call for the list).
 */
import { useEffect, useState } from 'react';
import { Link } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectUserData, selectUserFavListing, setShowLogin } from 'shared/state';
import { useGetFavoritesQuery, useGetNextFreeStaysQuery, useGetRoomsByIdsQuery, type Room } from 'shared/api';
import { cardDatesText } from 'shared/rules';
import { ListingCard, ListingCardSkeleton } from 'shared/ui';
import { toggleAndPersistFavorite } from 'shared/favourites';
import { useGetWishlistQuery } from '../api/wishlistApi';
import { AccountPage, accountPageStyles as page } from '../../../components/AccountPage';
import styles from './Wishlist.module.css';

function useShownIds(favourites: readonly number[]): number[] {
  const [shown, setShown] = useState<number[]>(favourites.slice());
  useEffect(() => {
    setShown((current) => {
      const added = favourites.filter((id) => !current.includes(id));
      return added.length === 0 ? current : [...current, ...added];
    });
  }, [favourites]);
  return shown;
}

function Skeletons({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <ListingCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function Wishlist() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  const favourites = useAppSelector(selectUserFavListing);
  const shownIds = useShownIds(favourites);
  const favouritesQuery = useGetFavoritesQuery(user ? user.id : skipToken);
  const saved = useGetWishlistQuery(user ? user.id : skipToken, { refetchOnMountOrArgChange: true });
  // Favourites the wishlist read did not have (added since): their rooms by id.
  const savedById = new Map((saved.data ?? []).map((room) => [room.id, room]));
  const missingIds = saved.data ? shownIds.filter((id) => !savedById.has(id)) : [];
  const added = useGetRoomsByIdsQuery(missingIds.length > 0 ? missingIds : skipToken);
  const addedById = new Map((added.data ?? []).map((room) => [room.id, room]));
  const rooms = shownIds.flatMap((id): Room[] => {
    const room = savedById.get(id) ?? addedById.get(id);
    return room ? [room] : [];
  });
  const failed = saved.isError || added.isError;
  const { currentData: freeStays } = useGetNextFreeStaysQuery(rooms.length === 0 ? skipToken : rooms.map((room) => room.id));
  const freeStayText = (id: number) => {
    const free = freeStays?.[id];
    return free ? cardDatesText(free.checkIn, free.checkOut) : undefined;
  };
  const retry = () => {
    if (saved.isError) void saved.refetch();
    if (added.isError) void added.refetch();
  };

  let content;
  if (!user) {
    content = (
      <div className={styles.state}>
        <h2 className={page.emptyTitle}>Log in to view your wishlists</h2>
        <p className={page.emptyText}>You can create, view or edit wishlists once you've logged in.</p>
        <button type="button" className={styles.button} onClick={() => dispatch(setShowLogin(true))}>
          Log in
        </button>
      </div>
    );
  } else if (shownIds.length === 0 && favouritesQuery.isLoading) {
    content = <Skeletons count={4} />;
  } else if (shownIds.length === 0) {
    content = (
      <div className={styles.state}>
        <h2 className={page.emptyTitle}>Homes you have added to favourites will appear here</h2>
        <Link to="/" className={styles.button}>
          Start Exploring
        </Link>
      </div>
    );
  } else if (failed) {
    content = (
      <div className={styles.state} role="alert">
        <p className={page.emptyText}>Your wishlist could not be loaded.</p>
        <button type="button" className={styles.button} onClick={retry}>
          Try again
        </button>
      </div>
    );
  } else if (!saved.data) {
    content = <Skeletons count={Math.min(shownIds.length, 8)} />;
  } else {
    content = (
      <ul className={styles.grid} aria-label="Saved homes">
        {rooms.map((room, index) => (
          <li key={room.id}>
            <ListingCard
              room={room}
              isFavourite={favourites.includes(room.id)}
              onToggleFavourite={(id) => void dispatch(toggleAndPersistFavorite(id))}
              openInNewTab
              priority={index < 4}
              datesText={freeStayText(room.id)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AccountPage title="Wishlists" className={styles.page}>
      {content}
    </AccountPage>
  );
}
