import { Heart } from 'lucide-react';
import { useFavoriteToggle } from 'shared/favourites';
import styles from './TitleRow.module.css';

/** Saves the listing to the wishlist (signed out: the login dialog opens instead). */
export function SaveButton({ roomId }: { roomId: number }) {
  const { isFavorite, toggle } = useFavoriteToggle(roomId);
  return (
    <button
      type="button"
      className={isFavorite ? `${styles.action} ${styles.saved}` : styles.action}
      aria-pressed={isFavorite}
      onClick={() => void toggle()}
    >
      <Heart size={16} aria-hidden />
      <span className={styles.actionText}>{isFavorite ? 'Saved' : 'Save'}</span>
    </button>
  );
}
