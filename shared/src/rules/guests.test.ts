import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  checkoutGuestLabel,
  decreaseGuest,
  GUEST_ROW_LABELS,
  guestCountText,
  guestSummary,
  increaseGuest,
  NO_GUESTS,
  partyOf,
  type GuestCounts,
  type GuestKind,
} from './guests';

const counts = (adults: number, children = 0, infants = 0, pets = 0): GuestCounts => ({
  adults,
  children,
  infants,
  pets,
});

describe('increasing a guest count', () => {
  it.each<[string, GuestCounts, GuestKind, GuestCounts]>([
    ['the first adult', NO_GUESTS, 'adults', counts(1)],
    ['a child with nobody yet also adds an adult', NO_GUESTS, 'children', counts(1, 1)],
    ['an infant with nobody yet also adds an adult', NO_GUESTS, 'infants', counts(1, 0, 1)],
    ['a pet with nobody yet also adds an adult', NO_GUESTS, 'pets', counts(1, 0, 0, 1)],
    ['a child next to an adult', counts(2), 'children', counts(2, 1)],
    ['adults up to 16', counts(15), 'adults', counts(16)],
    ['children up to 16 together with adults', counts(10, 5), 'children', counts(10, 6)],
    ['infants up to 5', counts(1, 0, 4), 'infants', counts(1, 0, 5)],
    ['pets up to 5', counts(1, 0, 0, 4), 'pets', counts(1, 0, 0, 5)],
  ])('%s', (_name, before, kind, after) => {
    expect(increaseGuest(before, kind)).toEqual(after);
  });

  it.each<[string, GuestCounts, GuestKind]>([
    ['adults stop when adults plus children are 16', counts(16), 'adults'],
    ['adults stop at 16 with children', counts(10, 6), 'adults'],
    ['children stop when adults plus children are 16', counts(1, 15), 'children'],
    ['infants stop at 5', counts(1, 0, 5), 'infants'],
    ['pets stop at 5', counts(1, 0, 0, 5), 'pets'],
  ])('%s', (_name, before, kind) => {
    expect(canIncrease(before, kind)).toBe(false);
    expect(increaseGuest(before, kind)).toBe(before);
  });
});

describe('decreasing a guest count', () => {
  it.each<[string, GuestCounts, GuestKind, GuestCounts]>([
    ['adults down to 1', counts(3), 'adults', counts(2)],
    ['children down to 0', counts(1, 1), 'children', counts(1)],
    ['infants down to 0', counts(1, 0, 2), 'infants', counts(1, 0, 1)],
    ['pets down to 0', counts(1, 0, 0, 1), 'pets', counts(1)],
  ])('%s', (_name, before, kind, after) => {
    expect(canDecrease(before, kind)).toBe(true);
    expect(decreaseGuest(before, kind)).toEqual(after);
  });

  it.each<[string, GuestCounts, GuestKind]>([
    ['adults cannot go below 1', counts(1, 2), 'adults'],
    ['a lone adult cannot be removed by the counter', counts(1), 'adults'],
    ['adults at 0 cannot decrease', NO_GUESTS, 'adults'],
    ['children cannot go below 0', counts(1), 'children'],
    ['infants cannot go below 0', counts(1), 'infants'],
    ['pets cannot go below 0', counts(1), 'pets'],
  ])('%s', (_name, before, kind) => {
    expect(canDecrease(before, kind)).toBe(false);
    expect(decreaseGuest(before, kind)).toBe(before);
  });
});

describe('counter text', () => {
  it.each<[GuestCounts, GuestKind, string]>([
    [counts(16), 'adults', '16+'],
    [counts(15), 'adults', '15'],
    [counts(10, 6), 'adults', '10'],
    [counts(1, 15), 'children', '15'],
    [counts(1, 0, 5), 'infants', '5'],
  ])('%o %s reads %s', (c, kind, text) => {
    expect(guestCountText(c, kind)).toBe(text);
  });
});

describe('guest summary', () => {
  it.each<[GuestCounts, string]>([
    [NO_GUESTS, 'Add guest'],
    [counts(1), '1 guest'],
    [counts(2), '2 guests'],
    [counts(1, 1), '2 guests'],
    [counts(16), '16 guests'],
    [counts(1, 0, 1), '1 guest, 1 infant'],
    [counts(2, 1, 2), '3 guests, 2 infants'],
    [counts(1, 0, 0, 1), '1 guest, 1 pet'],
    [counts(2, 0, 1, 3), '2 guests, 1 infant, 3 pets'],
  ])('%o reads %s', (c, text) => {
    expect(guestSummary(c)).toBe(text);
  });
});

describe('checkout guest label', () => {
  it.each([
    [0, '1 guest'],
    [1, '1 guest'],
    [2, '2 guests'],
    [16, '16 guests'],
  ])('%d guests read %s', (n, text) => {
    expect(checkoutGuestLabel(n)).toBe(text);
  });
});

describe('guest panel age labels', () => {
  it.each<[GuestKind, string, string | null]>([
    ['adults', 'Adults', 'Age 13 or above'],
    ['children', 'Children', 'Ages 2-12'],
    ['infants', 'Infants', 'Under 2'],
    ['pets', 'Pets', null],
  ])('%s', (kind, title, ageLabel) => {
    expect(GUEST_ROW_LABELS[kind]).toEqual({ title, ageLabel });
  });
});

describe('the party that books', () => {
  it('has at least one adult, and is otherwise as counted', () => {
    expect(partyOf(counts(0))).toEqual(counts(1));
    expect(partyOf(counts(0, 2, 1, 1))).toEqual(counts(1, 2, 1, 1));
    expect(partyOf(counts(3, 1))).toEqual(counts(3, 1));
  });
});
