import { describe, expect, it } from 'vitest';
import { pointOnMap, type MapView } from './mapView';
import { PIN_GAP_PX, layOutPins, pinSize, type PinBox } from './pinLayout';

const SIZE = { width: 600, height: 400 };
/** A $120 pin: 57px by 33px. */
const PILL = pinSize('$120');
const pin = (id: number, x: number, y: number): PinBox => ({ id, x, y, ...PILL });

/** Whether two pins, each centred on its point, touch or come closer than `gap`. */
const tooClose = (a: PinBox, b: PinBox, gap = PIN_GAP_PX) =>
  Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap && Math.abs(a.y - b.y) < (a.height + b.height) / 2 + gap;

describe("a pin's size", () => {
  it('is the pill around its price: taller than a 24px target, wider for a longer price', () => {
    expect(PILL.height).toBeGreaterThanOrEqual(32);
    expect(PILL.width).toBeGreaterThanOrEqual(56);
    expect(pinSize('$1200').width).toBeGreaterThan(PILL.width);
    expect(pinSize('$1200').height).toBe(PILL.height);
  });
});

describe('laying out the pins', () => {
  it('homes far apart all get pins', () => {
    expect(layOutPins([pin(1, 100, 100), pin(2, 300, 100), pin(3, 100, 300)])).toEqual(new Set([1, 2, 3]));
  });

  it('of two homes at one place, the first in the list gets the pin and the other a dot', () => {
    expect(layOutPins([pin(1, 100, 100), pin(2, 102, 101)])).toEqual(new Set([1]));
    expect(layOutPins([pin(2, 102, 101), pin(1, 100, 100)])).toEqual(new Set([2]));
  });

  it('keeps the gap between two pins side by side', () => {
    const apart = PILL.width + PIN_GAP_PX;
    expect(layOutPins([pin(1, 100, 100), pin(2, 100 + apart, 100)])).toEqual(new Set([1, 2]));
    expect(layOutPins([pin(1, 100, 100), pin(2, 100 + apart - 1, 100)])).toEqual(new Set([1]));
    // Above each other the pill's height counts, not its width.
    expect(layOutPins([pin(1, 100, 100), pin(2, 100, 100 + PILL.height + PIN_GAP_PX)])).toEqual(new Set([1, 2]));
    expect(layOutPins([pin(1, 100, 100), pin(2, 100, 100 + PILL.height)])).toEqual(new Set([1]));
  });

  it('a home is held back only by pins, not by dots', () => {
    // 2 overlaps 1 and becomes a dot; 3 overlaps only 2, so it gets its pin.
    const step = PILL.width * 0.75;
    expect(layOutPins([pin(1, 100, 100), pin(2, 100 + step, 100), pin(3, 100 + 2 * step, 100)])).toEqual(new Set([1, 3]));
  });

  it('the highlighted and the selected home always get a pin, and the homes they would cover become dots', () => {
    const homes = [pin(1, 100, 100), pin(2, 110, 100), pin(3, 300, 100), pin(4, 305, 104)];
    expect(layOutPins(homes)).toEqual(new Set([1, 3]));
    // Home 2 highlighted: it goes first, and home 1 (at its place) becomes a dot.
    expect(layOutPins(homes, [2])).toEqual(new Set([2, 3]));
    // Selected and highlighted at one place: both are pins (drawn on top).
    expect(layOutPins(homes, [4, 3])).toEqual(new Set([1, 3, 4]));
    // One home both selected and highlighted, or one off the map, changes nothing more.
    expect(layOutPins(homes, [2, 2, 99])).toEqual(new Set([2, 3]));
  });

  it('a home that already has a pin keeps the others as they were when it is highlighted', () => {
    const homes = Array.from({ length: 40 }, (_, i) => pin(i, (i * 37) % 500, (i * 53) % 350));
    const plain = layOutPins(homes);
    for (const id of plain) expect(layOutPins(homes, [id])).toEqual(plain);
  });

  it('no two pins overlap, and every dot sits under a pin, for homes scattered anywhere', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let round = 0; round < 20; round++) {
      const homes = Array.from({ length: 100 }, (_, id) => ({
        ...pinSize(`$${Math.floor(random() * 1500) + 20}`),
        id,
        x: random() * SIZE.width,
        y: random() * SIZE.height,
      }));
      const pins = layOutPins(homes);
      const placed = homes.filter((home) => pins.has(home.id));
      for (const [i, a] of placed.entries()) for (const b of placed.slice(i + 1)) expect(tooClose(a, b)).toBe(false);
      for (const dot of homes.filter((home) => !pins.has(home.id))) expect(placed.some((p) => tooClose(p, dot))).toBe(true);
    }
  });

  it('zooming in spreads the homes, so more of them get pins', () => {
    // Homes around Paris and in France's other cities, as the list ranks them.
    const places = [
      { lng: 2.3522, lat: 48.8566 },
      { lng: 2.1301, lat: 48.8049 },
      { lng: 2.4411, lat: 48.7986 },
      { lng: 2.2945, lat: 48.8584 },
      { lng: 4.8357, lat: 45.764 },
      { lng: 4.8, lat: 45.74 },
      { lng: 5.3698, lat: 43.2965 },
      { lng: 1.4442, lat: 43.6047 },
      { lng: -1.5536, lat: 47.2184 },
      { lng: 7.2619, lat: 43.7102 },
    ];
    const pinsAt = (zoom: number) => {
      const view: MapView = { centre: { lng: 2.5, lat: 46.5 }, zoom };
      return layOutPins(places.map((place, id) => ({ id, ...pointOnMap(place, view, SIZE), ...PILL }))).size;
    };
    const counts = [4, 6, 8, 10].map(pinsAt);
    expect(counts[0]).toBeLessThan(places.length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(counts.at(-1)).toBeGreaterThan(counts[0]!);
  });
});
