import { useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, LayoutGrid } from 'lucide-react';
import { LISTING_CAROUSEL_IMAGE_COUNT } from 'shared/rules/constants';
import { Photo } from './Photo';
import { photoAlt } from '../photoAlt';
import styles from './PhotoCarousel.module.css';

export interface PhotoCarouselProps {
  title: string;
  images: readonly string[];
  onOpenGallery: (index: number) => void;
}

/**
 * Small screens: the listing's photos in a swipeable strip (native scroll snapping), with a
 * position counter, previous/next buttons and 'Show all photos'.
 */
export function PhotoCarousel({ title, images, onOpenGallery }: PhotoCarouselProps) {
  const shown = images.slice(0, LISTING_CAROUSEL_IMAGE_COUNT);
  const [current, setCurrent] = useState(0);
  const trackRef = useRef<HTMLUListElement>(null);

  const goTo = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    track.scrollTo({ left: index * track.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <div className={styles.carousel}>
      <ul
        ref={trackRef}
        className={styles.track}
        tabIndex={0}
        aria-label={`Photos, ${current + 1} of ${shown.length}`}
        onScroll={(event) => {
          const track = event.currentTarget;
          if (track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
        }}
      >
        {shown.map((path, index) => (
          <li key={`${path}-${index}`} className={styles.slide} onClick={() => onOpenGallery(index)}>
            <Photo
              path={path}
              alt={photoAlt(title, index, images.length)}
              sizes="100vw"
              priority={index === 0}
              className={styles.photo}
            />
          </li>
        ))}
      </ul>
      {shown.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.previous}`}
            aria-label="Previous photo"
            disabled={current === 0}
            onClick={() => goTo(current - 1)}
          >
            <ChevronLeft size={18} aria-hidden />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next photo"
            disabled={current >= shown.length - 1}
            onClick={() => goTo(current + 1)}
          >
            <ChevronRight size={18} aria-hidden />
          </button>
        </>
      )}
      <button type="button" className={styles.showAll} onClick={() => onOpenGallery(current)}>
        <LayoutGrid size={14} aria-hidden />
        Show all photos
      </button>
      <p className={styles.counter} aria-hidden="true">
        {current + 1} / {shown.length}
      </p>
    </div>
  );
}
