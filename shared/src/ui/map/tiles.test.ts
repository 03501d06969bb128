import { tilePosition, tileUrl } from './tiles';
import { landPath } from './worldOutline';

describe('tile map arithmetic', () => {
  it('puts latitude 0, longitude 0 at the centre of the world', () => {
    expect(tilePosition(0, 0, 17)).toEqual({ x: 65536, y: 65536 });
  });

  it('spans the Mercator square from the top-left to the bottom-right corner', () => {
    const topLeft = tilePosition(85.0511, -180, 1);
    const bottomRight = tilePosition(-85.0511, 180, 1);
    expect(topLeft.x).toBe(0);
    expect(topLeft.y).toBeCloseTo(0, 4);
    expect(bottomRight.x).toBe(2);
    expect(bottomRight.y).toBeCloseTo(2, 4);
  });

  it('moves north up the tiles', () => {
    expect(tilePosition(51.5, 0, 17).y).toBeLessThan(tilePosition(40.4, 0, 17).y);
  });

  it('fills a {z}/{x}/{y} template', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png', 17, 3, 4)).toBe('https://tiles.example/17/3/4.png');
  });
});

describe('offline map outline', () => {
  it('projects longitude and latitude into the 360 by 180 plate', () => {
    expect(landPath([[[0, 0], [10, 20], [0, 0]]])).toBe('M180 90L190 70L180 90Z');
  });
});
