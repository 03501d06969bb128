import { describe, expect, it } from 'vitest';
import { isGuestFavourite, reviewCount, showsRating, type RatingValue } from './ratings';

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

describe('review count', () => {
  it.each<[string | null, number | null]>([
    ['(18)', 18],
    ['18 reviews', 18],
    ['(11)', 11],
    ['(10)', 10],
    ['3 reviews', 3],
    ['New', null],
    [null, null],
  ])('rating_count %s holds %s', (ratingCount, count) => {
    expect(reviewCount(ratingCount)).toBe(count);
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
});
