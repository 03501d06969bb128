import { describe, expect, it } from 'vitest';
import { NO_SEARCH, searchQueryOf } from 'shared/url';
import { searchRoomsArgs } from './roomsApi';

const TODAY = '2026-05-10';

describe("search_rooms' arguments", () => {
  it('carry no map area when the search has none', () => {
    const args = searchRoomsArgs(searchQueryOf({ ...NO_SEARCH, where: 'Paris' }, TODAY)!);
    expect(args).toEqual({ search_text: 'paris', check_in: null, check_out: null, guests: null });
  });

  it("carry the map area's four sides, and no letters, when the search has one", () => {
    const box = { west: -9.2297, south: 38.6913, east: -9.0903, north: 38.7964 };
    const args = searchRoomsArgs(searchQueryOf({ ...NO_SEARCH, where: 'Paris', box, guests: { adults: 2, children: 0, infants: 0, pets: 0 } }, TODAY)!);
    expect(args).toEqual({
      search_text: '',
      check_in: null,
      check_out: null,
      guests: 2,
      box_west: -9.2297,
      box_south: 38.6913,
      box_east: -9.0903,
      box_north: 38.7964,
    });
  });
});
