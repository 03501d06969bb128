import { describe, expect, it } from 'vitest';
import {
  letterMatchShare,
  lettersOnly,
  listingMatchesSearch,
  listingSearchText,
  matchingListingIds,
  searchText,
  type SearchableListing,
} from './searchMatch';

const listing = (city: string, country: string, title: string): SearchableListing => ({
  city,
  country,
  'house-title': title,
});

describe('reducing text to letters', () => {
  it.each([
    ['São Paulo, Brazil!', 'saopaulobrazil'],
    ['New York', 'newyork'],
    ["I'm flexible", 'imflexible'],
    ['Zürich 8001', 'zurich'],
    ['Kraków', 'krakow'],
    ['Reykjavík, Ísland', 'reykjavikisland'],
    ['   ', ''],
  ])('%s -> %s', (text, letters) => {
    expect(lettersOnly(text)).toBe(letters);
  });

  it('joins city, country and house-title', () => {
    expect(listingSearchText(listing('Lisbon', 'Portugal', 'Sunny flat, 2 rooms'))).toBe('lisbonportugalsunnyflatrooms');
    expect(listingSearchText({ city: null, country: 'Peru', 'house-title': null })).toBe('peru');
  });

  it.each([
    ['Europe', 'Paris', 'europe'],
    ['all', 'New York', 'newyork'],
    ['all', '', ''],
    ['Southeast Asia', 'ignored', 'southeastasia'],
  ])('region %s with destination %s searches %s', (region, destination, text) => {
    expect(searchText(region, destination)).toBe(text);
  });
});

describe('the 90% letter rule', () => {
  it.each([
    // search, listing letters, share
    ['lisbon', 'lisbonportugalsunnyflat', 1],
    ['abcdefghij', 'abcdefghi', 0.9],
    ['abcdefghi', 'abcdefgh', 8 / 9],
    ['aaaaaaaaaa', 'aaaaaaaaa', 0.9],
    ['aaaaaaaaaa', 'a', 0.1],
    ['europe', 'parisfrancecozyloft', 4 / 6],
    ['', 'anything', 1],
  ])('%s in %s: %d', (search, text, share) => {
    expect(letterMatchShare(search, text)).toBeCloseTo(share, 10);
  });

  it.each<[string, SearchableListing, string, boolean]>([
    ['exactly 90% matches', listing('abcdefghi', '', ''), 'abcdefghij', true],
    ['just under 90% does not', listing('abcdefgh', '', ''), 'abcdefghi', false],
    ['letters count with multiplicity', listing('ss', '', ''), 'sss', false],
    ['a region matches by country', listing('Bangkok', 'Thailand', 'Riverside loft'), 'thailand', true],
    ['a city matches across words', listing('New York', 'United States', 'Loft'), 'newyork', true],
    ['a different place does not match', listing('Paris', 'France', 'Cozy loft'), 'europe', false],
    ['an empty search matches everything', listing('Paris', 'France', 'Cozy loft'), '', true],
  ])('%s', (_name, l, search, matches) => {
    expect(listingMatchesSearch(l, search)).toBe(matches);
  });
});

describe('matching listing ids', () => {
  const rows = [
    { id: 1, ...listing('Bangkok', 'Thailand', 'Riverside loft') },
    { id: 2, ...listing('Paris', 'France', 'Cozy loft') },
    { id: 3, ...listing('Chiang Mai', 'Thailand', 'Teak house') },
    { id: 4, ...listing('Dubai', 'United Arab Emirates', 'Tower suite') },
  ];

  it.each<[string, string, number[]]>([
    ['Thailand', '', [1, 3]],
    ['United Arab Emirates', 'Paris', [4]],
    ['all', 'Paris', [2]],
    ['all', '', [1, 2, 3, 4]],
  ])('region %s, destination %s', (region, destination, ids) => {
    expect(matchingListingIds(rows, region, destination)).toEqual(ids);
  });
});
