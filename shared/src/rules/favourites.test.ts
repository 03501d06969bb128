import { describe, expect, it } from 'vitest';
import { mergeFavourites, removeFavourite, toggleFavourite } from './favourites';

describe('toggling a favourite', () => {
  it.each<[string, number[], number, number[], boolean]>([
    ['adds a listing that is not in the list', [1, 2], 3, [1, 2, 3], true],
    ['removes a listing that is in the list', [1, 2, 3], 2, [1, 3], false],
    ['adds to an empty list', [], 7, [7], true],
    ['removes the last one', [7], 7, [], false],
  ])('%s', (_name, before, id, after, isFavorite) => {
    expect(toggleFavourite(before, id)).toEqual({ favourites: after, isFavorite });
  });
});

describe('merging and removing favourites', () => {
  it.each<[number[], number[], number[]]>([
    [[1, 2], [3], [1, 2, 3]],
    [[1, 2], [2, 3], [1, 2, 3]],
    [[], [5, 5, 6], [5, 6]],
    [[1], [], [1]],
  ])('%o plus %o is %o, each id once', (before, added, after) => {
    expect(mergeFavourites(before, added)).toEqual(after);
  });

  it('removes an id and leaves the others', () => {
    expect(removeFavourite([1, 2, 3], 2)).toEqual([1, 3]);
    expect(removeFavourite([1, 3], 2)).toEqual([1, 3]);
  });
});
