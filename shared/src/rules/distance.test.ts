import { describe, expect, it } from 'vitest';
import { distanceText, kilometresBetween } from './distance';

describe('card distances', () => {
  it.each([
    // Paris to London is about 344 km; Sydney to Auckland about 2,156 km.
    [{ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 }, 344],
    [{ lat: -33.8688, lng: 151.2093 }, { lat: -36.8485, lng: 174.7633 }, 2156],
    [{ lat: 38.1157, lng: 13.3615 }, { lat: 38.1157, lng: 13.3615 }, 0],
  ])('from %o to %o is about %d km', (a, b, km) => {
    expect(Math.abs(kilometresBetween(a, b) - km)).toBeLessThan(3);
    expect(kilometresBetween(a, b)).toBeCloseTo(kilometresBetween(b, a), 6);
  });

  it('reads in whole kilometres', () => {
    expect(distanceText(2.4)).toBe('2 kilometers away');
    expect(distanceText(2155.6)).toBe('2,156 kilometers away');
  });
});
