import { describe, expect, it } from 'vitest';
import { isGuestFavourite, reviewCount, showsRating, showsReviews, showsReviewSummary, type RatingValue } from './ratings';

describe('rating number and star', () => {
  it.each<[RatingValue, boolean]>([
    [4.85, true],
    [2.01, true],
    [2, false],
    [1.5, false],
    ['4.2', true],
    ['2', false],
    [null, false],
    [undefined, false],
    ['', false],
  ])('house_rating %s shows: %s', (rating, shown) => {
    expect(showsRating(rating)).toBe(shown);
  });
});

describe('review cards', () => {
  it.each<[string | null, number | null, boolean]>([
    ['(18)', 18, true],
    ['18 reviews', 18, true],
    ['(11)', 11, true],
    ['(10)', 10, false],
    ['3 reviews', 3, false],
    ['New', null, false],
    [null, null, false],
  ])('rating_count %s holds %s, shows reviews: %s', (ratingCount, count, shown) => {
    expect(reviewCount(ratingCount)).toBe(count);
    expect(showsReviews(ratingCount)).toBe(shown);
  });
});

describe('guest favourite badge and review summary', () => {
  it.each<[string | null, boolean]>([
    ['Guest favourite', true],
    ['', false],
    ['guest favourite', false],
    [null, false],
  ])('guest_favorite %s is a guest favourite: %s', (value, favourite) => {
    expect(isGuestFavourite(value)).toBe(favourite);
  });

  it.each<[number, string, boolean]>([
    [824, '', true],
    [1280, '', true],
    [823, '', false],
    [375, 'Guest favourite', true],
  ])('at %dpx with guest_favorite %s the summary shows: %s', (width, value, shown) => {
    expect(showsReviewSummary(width, value)).toBe(shown);
  });
});
