/**
 * The listing card of the home grid and the wishlist: a photo carousel, the place, the
 * distance (from the searched place, when there is one) and date lines, the nightly price, the rating and the heart toggle.
 * Signed out, the heart is a link to the login page (returning here), so a tap takes effect
 * before the scripts run; once they run, the same tap calls the toggle (the login dialog).
 *
 * Only the first photo is in the page at first; the others load when the card is hovered on
 * a viewport wider than 550px, or when the visitor steps the carousel. The carousel knows
 * whether it is at its start or end and hides the matching arrow. Every photo has explicit
 * width and height and a 400w/800w srcset (the two widths the backend stores), so cards
 * never shift the layout.
 */
import { useState } from 'react';
import { Link } from 'shared/router';
import { ChevronLeft, ChevronRight, Heart, Star } from 'lucide-react';
import {
  BREAKPOINTS,
  distanceText,
  isGuestFavourite,
  showsRating,
  type RatingValue,
} from 'shared/rules';
// Through the package name: the React context must be the shell's one shared instance.
import { useRuntimeConfig } from 'shared/config';
import { CARD_IMAGE_SIZES, photoSources } from './cardPhoto';
import styles from './ListingCard.module.css';

/** The Rooms fields a card shows. */
export interface ListingCardRoom {
  id: number;
  'house-title': string;
  city: string;
  country: string;
  /** The night in whole US dollars ("Rooms".nightly_usd). */
  nightly_usd: number | null;
  images: readonly string[];
  house_rating: RatingValue;
  guest_favorite: string | null;
}

export interface ListingCardProps {
  room: ListingCardRoom;
  isFavourite: boolean;
  onToggleFavourite: (roomId: number) => void;
  /** Open the listing in a new tab (the wishlist) instead of navigating (the grid). */
  openInNewTab?: boolean;
  /** Cards in the first row load their photo at once; all others lazily. */
  priority?: boolean;
  /** Kilometres from the searched place; no distance line without one. */
  distanceKm?: number | null;
  /** The searched dates ('12 Dec - 15 Dec'), else the place's next free stay ('16-21 May'); an empty line without either. */
  datesText?: string;
  /** The stay the link carries to the listing ('?checkin=…&adults=…', shared/url staySearch). */
  staySearch?: string;
  /** Signed out: the login page the heart links to (shared/url loginPathReturningTo). */
  signInHref?: string;
}

const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 760;

function ratingText(rating: RatingValue): string {
  const value = Number(rating);
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

export function ListingCard({
  room,
  isFavourite,
  onToggleFavourite,
  openInNewTab = false,
  priority = false,
  distanceKm = null,
  datesText,
  staySearch = '',
  signInHref,
}: ListingCardProps) {
  const config = useRuntimeConfig();
  const [index, setIndex] = useState(0);
  const [extraPhotosLoaded, setExtraPhotosLoaded] = useState(false);
  const photos = room.images;
  const shownPhotos = extraPhotosLoaded ? photos : photos.slice(0, 1);
  const atStart = index === 0;
  const atEnd = index >= photos.length - 1;
  const place = [room.city, room.country].filter(Boolean).join(', ') || room['house-title'];
  const href = `/house/${room.id}${staySearch}`;

  const loadExtraPhotos = () => {
    if (!extraPhotosLoaded && window.innerWidth > BREAKPOINTS.hoverPhotosAbove) setExtraPhotosLoaded(true);
  };
  const step = (delta: number) => {
    setExtraPhotosLoaded(true);
    setIndex((i) => Math.min(Math.max(i + delta, 0), photos.length - 1));
  };

  return (
    <article className={styles.card} onMouseEnter={loadExtraPhotos} aria-labelledby={`card-${room.id}-title`}>
      <div className={styles.media}>
        <div className={styles.track} style={{ transform: `translateX(${-index * 100}%)` }}>
          {shownPhotos.map((path, i) => (
            <img
              key={path + i}
              className={styles.photo}
              {...photoSources(config, path)}
              sizes={CARD_IMAGE_SIZES}
              width={PHOTO_WIDTH}
              height={PHOTO_HEIGHT}
              alt={i === 0 ? room['house-title'] || place : ''}
              loading={priority && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && i === 0 ? 'high' : 'auto'}
              decoding="async"
              aria-hidden={i !== index || undefined}
            />
          ))}
        </div>
        {isGuestFavourite(room.guest_favorite) && <span className={styles.badge}>Guest favourite</span>}
        {signInHref === undefined ? (
          <button
            type="button"
            className={styles.heart}
            aria-label={isFavourite ? 'Remove from wishlist' : 'Add to wishlist'}
            aria-pressed={isFavourite}
            onClick={() => onToggleFavourite(room.id)}
          >
            <Heart size={24} aria-hidden className={isFavourite ? styles.heartOn : styles.heartOff} />
          </button>
        ) : (
          <a
            href={signInHref}
            className={styles.heart}
            aria-label="Add to wishlist"
            onClick={(event) => {
              event.preventDefault();
              onToggleFavourite(room.id);
            }}
          >
            <Heart size={24} aria-hidden className={styles.heartOff} />
          </a>
        )}
        {photos.length > 1 && (
          <>
            {!atStart && (
              <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label="Previous photo" onClick={() => step(-1)}>
                <ChevronLeft size={16} aria-hidden />
              </button>
            )}
            {!atEnd && (
              <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="Next photo" onClick={() => step(1)}>
                <ChevronRight size={16} aria-hidden />
              </button>
            )}
            <span className={styles.dots} aria-hidden="true">
              {photos.slice(0, 5).map((url, i) => (
                <span key={url + i} className={i === Math.min(index, 4) ? styles.dotOn : styles.dot} />
              ))}
            </span>
          </>
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title} id={`card-${room.id}-title`}>
          <Link
            to={href}
            className={styles.link}
            {...(openInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {place}
          </Link>
        </h2>
        {showsRating(room.house_rating) && (
          <span className={styles.rating} aria-label={`Rated ${ratingText(room.house_rating)} out of 5`}>
            <Star size={12} aria-hidden className={styles.star} />
            {ratingText(room.house_rating)}
          </span>
        )}
        {distanceKm !== null && <p className={styles.line}>{distanceText(distanceKm)}</p>}
        {/* The line keeps its height while the next free stay is on its way: the card does not move when it comes. */}
        <p className={styles.line}>{datesText || '\u00a0'}</p>
        <p className={styles.price}>
          <strong>${room.nightly_usd ?? 0}</strong> night
        </p>
      </div>
    </article>
  );
}
