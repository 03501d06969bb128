import { useFavoriteToggle } from 'shared/favourites';
import { ListingCard } from 'shared/ui';
import type { GridRoom } from 'shared/api';

/** A grid card wired to the shared favourite toggle (login dialog when signed out). */
export function GridCard({ room, priority, distanceKm }: { room: GridRoom; priority: boolean; distanceKm: number | null }) {
  const { isFavorite, toggle } = useFavoriteToggle(room.id);
  return (
    <ListingCard room={room} isFavourite={isFavorite} onToggleFavourite={() => void toggle()} priority={priority} distanceKm={distanceKm} />
  );
}
