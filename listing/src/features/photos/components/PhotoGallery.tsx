import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from 'shared/ui';
import { Photo } from './Photo';
import { photoAlt } from '../photoAlt';
import { galleryRows } from '../galleryRows';
import styles from './PhotoGallery.module.css';

export interface PhotoGalleryProps {
  title: string;
  images: readonly string[];
  /** The photo to show first, or null when the gallery is closed. */
  openAt: number | null;
  onClose: () => void;
}

/**
 * The full-screen gallery: every photo, rows of two in a repeating eight-row pattern. One photo
 * is in the tab order; the arrow keys, Home and End move between photos; Escape closes.
 */
export function PhotoGallery({ title, images, openAt, onClose }: PhotoGalleryProps) {
  const [focused, setFocused] = useState(openAt ?? 0);
  const startRef = useRef<HTMLImageElement | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (openAt === null) return;
    setFocused(openAt);
  }, [openAt]);

  useEffect(() => {
    if (openAt !== null) startRef.current?.scrollIntoView({ block: 'center' });
  }, [openAt]);

  const focusPhoto = (index: number) => {
    const next = Math.min(Math.max(index, 0), images.length - 1);
    setFocused(next);
    const photo = listRef.current?.querySelector<HTMLImageElement>(`[data-photo="${next}"]`);
    photo?.focus({ preventScroll: true });
    photo?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focused + 1,
      ArrowDown: focused + 1,
      ArrowLeft: focused - 1,
      ArrowUp: focused - 1,
      Home: 0,
      End: images.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusPhoto(next);
  };

  return (
    <Dialog
      open={openAt !== null}
      onClose={onClose}
      title="Photo tour"
      className={styles.gallery}
      initialFocus={startRef}
    >
      <div ref={listRef} className={styles.rows} onKeyDown={onKeyDown}>
        <p className="visually-hidden">Use the arrow keys to move between photos.</p>
        {galleryRows(images.length).map((row) => (
          <div key={row.indexes[0]} className={`${styles.row} ${styles[row.shape]}`}>
            {row.indexes.map((index) => (
              <Photo
                key={index}
                path={images[index]!}
                alt={photoAlt(title, index, images.length)}
                sizes="(max-width: 743px) 50vw, 560px"
                className={styles.photo}
                ref={index === openAt ? startRef : undefined}
                tabIndex={index === focused ? 0 : -1}
                data-photo={index}
                onFocus={() => setFocused(index)}
              />
            ))}
          </div>
        ))}
      </div>
    </Dialog>
  );
}
