import { describe, expect, it } from 'vitest';
import { lettersOnly, searchText } from './searchText';

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

  it.each([
    ['Europe', 'Paris', 'europe'],
    ['all', 'New York', 'newyork'],
    ['all', '', ''],
    ['Southeast Asia', 'ignored', 'southeastasia'],
    ['all', '"Barcelna"', '"barcelna"'],
    ['all', ' "Bāli, India" ', '"baliindia"'],
    ['all', '"', ''],
    ['Europe', '"Paris"', 'europe'],
  ])('region %s with destination %s searches %s', (region, destination, text) => {
    expect(searchText(region, destination)).toBe(text);
  });
});
