import { describe, expect, it } from 'vitest';
import { countOf, sleepingPlaces } from './content';

describe("where you'll sleep", () => {
  it('has a place per bedroom, the beds shared out, the first rooms taking the extra beds', () => {
    expect(sleepingPlaces(4, 6)).toEqual([
      { room: 'Bedroom 1', beds: '2 single beds' },
      { room: 'Bedroom 2', beds: '2 single beds' },
      { room: 'Bedroom 3', beds: '1 double bed' },
      { room: 'Bedroom 4', beds: '1 double bed' },
    ]);
    expect(sleepingPlaces(1, 1)).toEqual([{ room: 'Bedroom 1', beds: '1 queen bed' }]);
    expect(sleepingPlaces(2, 7)).toEqual([
      { room: 'Bedroom 1', beds: '1 double bed, 3 single beds' },
      { room: 'Bedroom 2', beds: '1 double bed, 2 single beds' },
    ]);
  });

  it('a studio sleeps in its living area; a bedroom with no bed says so', () => {
    expect(sleepingPlaces(0, 2)).toEqual([{ room: 'Living area', beds: '2 single beds' }]);
    expect(sleepingPlaces(2, 1)).toEqual([
      { room: 'Bedroom 1', beds: '1 queen bed' },
      { room: 'Bedroom 2', beds: 'No bed listed' },
    ]);
  });

  it("reads the listing's count fields", () => {
    expect(countOf('4 bedrooms')).toBe(4);
    expect(countOf('1 bed')).toBe(1);
    expect(countOf('')).toBe(0);
    expect(countOf(null)).toBe(0);
  });
});
