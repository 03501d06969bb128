import { useFavoriteToggle } from 'shared/favourites';
import { useLocation } from 'shared/router';
import { selectIsLoggedIn } from 'shared/state';
import { useAppSelector } from 'shared/store';
import { ListingCard, type ListingCardProps } from 'shared/ui';
import { loginPathReturningTo } from 'shared/url';
import type { GridRoom } from 'shared/api';

/**
 * A grid card wired to the shared favourite toggle; signed out, its heart links to /login
 * returning to this page (the login dialog once the scripts run).
 */
export function GridCard({
  room,
  ...shown
}: { room: GridRoom } & Pick<ListingCardProps, 'priority' | 'distanceKm' | 'datesText' | 'staySearch'>) {
  const { isFavorite, toggle } = useFavoriteToggle(room.id);
  const signedIn = useAppSelector(selectIsLoggedIn);
  const { pathname, search } = useLocation();
  return (
    <ListingCard
      room={room}
      isFavourite={isFavorite}
      onToggleFavourite={() => void toggle()}
      signInHref={signedIn ? undefined : loginPathReturningTo(pathname + search)}
      {...shown}
    />
  );
}
