/**
 * When a listing's rating, reviews, guest-favourite badge and review summary show.
 */
import { GUEST_FAVOURITE_VALUE, RATING_SHOWN_ABOVE } from './constants';

/** house_rating arrives as a number (or, from some clients, a numeric string). */
export type RatingValue = number | string | null | undefined;

function ratingNumber(rating: RatingValue): number {
  if (rating === null || rating === undefined || rating === '') return Number.NaN;
  return Number(rating);
}

/** The rating number and star show only when house_rating is above 2. */
export function showsRating(rating: RatingValue): boolean {
  return ratingNumber(rating) > RATING_SHOWN_ABOVE;
}

/** The number in rating_count ('(18)', '18 reviews'), or null when it holds none. */
export function reviewCount(ratingCount: string | null | undefined): number | null {
  const digits = /\d+/.exec(ratingCount ?? '');
  return digits === null ? null : Number(digits[0]);
}

/** The 'Guest favourite' badge shows when guest_favorite is exactly that text. */
export function isGuestFavourite(guestFavorite: string | null | undefined): boolean {
  return guestFavorite === GUEST_FAVOURITE_VALUE;
}
