/** The user's avatar: the upper-cased first letter of the metadata name, or a default icon. */
import { CircleUserRound } from 'lucide-react';
import styles from './Avatar.module.css';

export function avatarLetter(name: string | null | undefined): string | null {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : null;
}

export function Avatar({ name, size = 30 }: { name: string | null | undefined; size?: number }) {
  const letter = avatarLetter(name);
  if (!letter) return <CircleUserRound size={size} strokeWidth={1.5} aria-hidden className={styles.icon} />;
  return (
    <span className={styles.letter} style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {letter}
    </span>
  );
}
