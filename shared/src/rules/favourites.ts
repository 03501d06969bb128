/**
 * The favourites list: toggling a listing and merging ids, never holding one twice.
 */

export interface FavouriteToggle {
  favourites: number[];
  /** Whether the listing is a favourite after the toggle. */
  isFavorite: boolean;
}

/** A listing already in the list is removed (isFavorite false); otherwise added (true). */
export function toggleFavourite(favourites: readonly number[], itemId: number): FavouriteToggle {
  return favourites.includes(itemId)
    ? { favourites: favourites.filter((id) => id !== itemId), isFavorite: false }
    : { favourites: [...favourites, itemId], isFavorite: true };
}

/** Adds ids to the list, keeping its order and each id once. */
export function mergeFavourites(favourites: readonly number[], added: readonly number[]): number[] {
  return [...new Set([...favourites, ...added])];
}

export function removeFavourite(favourites: readonly number[], itemId: number): number[] {
  return favourites.filter((id) => id !== itemId);
}
