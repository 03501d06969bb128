import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, LayoutGrid, Pause, Play } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS, LISTING_CAROUSEL_IMAGE_COUNT } from 'shared/rules';
import { COVER_SIZES, Photo } from './Photo';
import { photoAlt } from '../photoAlt';
import styles from './PhotoCarousel.module.css';

export interface PhotoCarouselProps {
  title: string;
  images: readonly string[];
  onOpenGallery: (index: number) => void;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Small screens: the listing's first seven photos in a swipeable strip (native scroll
 * snapping) that advances every 5 seconds, with a position counter, previous/next buttons,
 * a pause button and 'Show all photos'. The slideshow waits while the strip is hovered or
 * focused, stops for good once the visitor swipes or pauses it, and never starts for those
 * who ask for reduced motion.
 */
export function PhotoCarousel({ title, images, onOpenGallery }: PhotoCarouselProps) {
  const shown = images.slice(0, LISTING_CAROUSEL_IMAGE_COUNT);
  const [current, setCurrent] = useState(0);
  // Playing at first (what a server renders), stopped at once for those who ask for reduced motion.
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  const goTo = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollTo({ left: index * track.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  useEffect(() => {
    if (!playing || held || shown.length < 2) return undefined;
    const timer = window.setInterval(() => {
      const track = trackRef.current;
      if (!track || document.hidden || track.clientWidth === 0) return;
      goTo((Math.round(track.scrollLeft / track.clientWidth) + 1) % shown.length);
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, shown.length]);

  return (
    <div
      className={styles.carousel}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setHeld(false);
      }}
      onTouchStart={() => setPlaying(false)}
    >
      <ul
        ref={trackRef}
        className={styles.track}
        // A scrolling region is focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`Photos, ${current + 1} of ${shown.length}`}
        onScroll={(event) => {
          const track = event.currentTarget;
          if (track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
        }}
      >
        {shown.map((path, index) => (
          // A tap on a photo opens the gallery; keyboard users have the "Show all photos" button.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <li key={`${path}-${index}`} className={styles.slide} onClick={() => onOpenGallery(index)}>
            <Photo
              path={path}
              alt={photoAlt(title, index, images.length)}
              sizes={index === 0 ? COVER_SIZES : '100vw'}
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
            onClick={() => {
              setPlaying(false);
              goTo(current - 1);
            }}
          >
            <ChevronLeft size={18} aria-hidden />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next photo"
            disabled={current >= shown.length - 1}
            onClick={() => {
              setPlaying(false);
              goTo(current + 1);
            }}
          >
            <ChevronRight size={18} aria-hidden />
          </button>
        </>
      )}
      {shown.length > 1 && (
        <button
          type="button"
          className={styles.pause}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          onClick={() => setPlaying((value) => !value)}
        >
          {playing ? <Pause size={14} aria-hidden /> : <Play size={14} aria-hidden />}
        </button>
      )}
      <button type="button" className={styles.showAll} onClick={() => onOpenGallery(0)}>
        <LayoutGrid size={14} aria-hidden />
        Show all photos
      </button>
      <p className={styles.counter} aria-hidden="true">
        {current + 1} / {shown.length}
      </p>
    </div>
  );
}
