import { useFavoriteToggle } from 'shared/favourites';
import { ListingCard, type ListingCardProps } from 'shared/ui';
import type { GridRoom } from 'shared/api';

/** A grid card wired to the shared favourite toggle (login dialog when signed out). */
export function GridCard({
  room,
  ...shown
}: { room: GridRoom } & Pick<ListingCardProps, 'priority' | 'distanceKm' | 'datesText' | 'staySearch'>) {
  const { isFavorite, toggle } = useFavoriteToggle(room.id);
  return <ListingCard room={room} isFavourite={isFavorite} onToggleFavourite={() => void toggle()} {...shown} />;
}
