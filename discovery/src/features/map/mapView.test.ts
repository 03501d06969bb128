import { describe, expect, it } from 'vitest';
import { kilometresBetween } from 'shared/rules';
import {
  MAX_ZOOM,
  MIN_FIT_SPAN_KM,
  boxOfView,
  fitBox,
  fitPlaces,
  panBy,
  pinchView,
  pointOnMap,
  project,
  unproject,
  worldPx,
  zoomAbout,
  WORLD_VIEW,
  type MapView,
} from './mapView';

const SIZE = { width: 600, height: 400 };

/** How many kilometres the view's shorter side spans, through its centre. */
function spanKm(view: MapView, size: { width: number; height: number }): number {
  const { west, south, east, north } = boxOfView(view, size);
  const { lat, lng } = view.centre;
  return size.height <= size.width
    ? kilometresBetween({ lat: south, lng }, { lat: north, lng })
    : kilometresBetween({ lat, lng: west }, { lat, lng: east });
}
const PARIS = { lng: 2.3522, lat: 48.8566 };
const LYON = { lng: 4.8357, lat: 45.764 };

describe('Web Mercator', () => {
  it.each([
    ['the origin', { lng: 0, lat: 0 }, { x: 128, y: 128 }],
    ['the top-left corner', { lng: -180, lat: 85.0511287798 }, { x: 0, y: 0 }],
    ['the bottom-right corner', { lng: 180, lat: -85.0511287798 }, { x: 256, y: 256 }],
  ])('puts %s where a 256px world has it', (_name, place, point) => {
    const projected = project(place, 0);
    expect(projected.x).toBeCloseTo(point.x, 3);
    expect(projected.y).toBeCloseTo(point.y, 3);
  });

  it('doubles the world at each zoom level', () => {
    expect(worldPx(3)).toBe(2048);
    expect(project(PARIS, 3).x).toBeCloseTo(project(PARIS, 0).x * 8, 9);
  });

  it('gives back the place it projected', () => {
    for (const place of [PARIS, LYON, { lng: -122.42, lat: 37.77 }, { lng: 151.2, lat: -33.87 }]) {
      const back = unproject(project(place, 7), 7);
      expect(back.lng).toBeCloseTo(place.lng, 9);
      expect(back.lat).toBeCloseTo(place.lat, 9);
    }
  });
});

describe("the map's area", () => {
  it('is centred on the view and as wide as the map', () => {
    const view: MapView = { centre: PARIS, zoom: 10 };
    const box = boxOfView(view, SIZE);
    expect((box.west + box.east) / 2).toBeCloseTo(PARIS.lng, 6);
    // 600px at zoom 10 is 600 / (256 * 1024) of the world's 360 degrees.
    expect(box.east - box.west).toBeCloseTo((600 / (256 * 1024)) * 360, 9);
    expect(box.south).toBeLessThan(PARIS.lat);
    expect(box.north).toBeGreaterThan(PARIS.lat);
    // Mercator stretches the north: a pixel there spans fewer degrees than one to the south.
    expect(box.north - PARIS.lat).toBeLessThan(PARIS.lat - box.south);
  });

  it('never reaches past the world when the map shows more than the world', () => {
    expect(boxOfView({ centre: { lng: 0, lat: 0 }, zoom: 0 }, { width: 1000, height: 1000 })).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });

  it("puts a place inside the area at its pin's pixel", () => {
    const view: MapView = { centre: PARIS, zoom: 6 };
    expect(pointOnMap(PARIS, view, SIZE)).toEqual({ x: 300, y: 200 });
    const lyon = pointOnMap(LYON, view, SIZE);
    expect(lyon.x).toBeGreaterThan(300);
    expect(lyon.y).toBeGreaterThan(200);
  });
});

describe('moving the map', () => {
  it('a drag moves the places with the pointer', () => {
    const view: MapView = { centre: PARIS, zoom: 8 };
    const before = pointOnMap(LYON, view, SIZE);
    const after = pointOnMap(LYON, panBy(view, 40, -25), SIZE);
    expect(after.x - before.x).toBeCloseTo(40, 6);
    expect(after.y - before.y).toBeCloseTo(-25, 6);
  });

  it('a drag stops at the poles and the antimeridian', () => {
    expect(panBy({ centre: PARIS, zoom: 2 }, 0, 10_000).centre.lat).toBeCloseTo(85.0511, 3);
    expect(panBy({ centre: PARIS, zoom: 2 }, -10_000, 0).centre.lng).toBe(180);
  });

  it('zooming keeps the place under the pointer where it was', () => {
    const view: MapView = { centre: PARIS, zoom: 6 };
    const anchor = pointOnMap(LYON, view, SIZE);
    const zoomed = zoomAbout(view, SIZE, 2, anchor);
    expect(zoomed.zoom).toBe(8);
    const after = pointOnMap(LYON, zoomed, SIZE);
    expect(after.x).toBeCloseTo(anchor.x, 6);
    expect(after.y).toBeCloseTo(anchor.y, 6);
  });

  it('two fingers spread twice as far apart zoom one level closer, the places under them staying there', () => {
    const view: MapView = { centre: PARIS, zoom: 6 };
    const lyon = pointOnMap(LYON, view, SIZE);
    const paris = pointOnMap(PARIS, view, SIZE);
    const middle = { x: (lyon.x + paris.x) / 2, y: (lyon.y + paris.y) / 2 };
    const apart = (point: { x: number; y: number }) => ({ x: 2 * point.x - middle.x, y: 2 * point.y - middle.y });
    const pinched = pinchView(view, SIZE, [lyon, paris], [apart(lyon), apart(paris)]);
    expect(pinched.zoom).toBeCloseTo(7, 6);
    expect(pointOnMap(LYON, pinched, SIZE).x).toBeCloseTo(apart(lyon).x, 6);
    expect(pointOnMap(PARIS, pinched, SIZE).y).toBeCloseTo(apart(paris).y, 6);
    // closer together: wider; both moved the same way: a pan at the same zoom
    const closer = (point: { x: number; y: number }) => ({ x: (point.x + middle.x) / 2, y: (point.y + middle.y) / 2 });
    expect(pinchView(view, SIZE, [lyon, paris], [closer(lyon), closer(paris)]).zoom).toBeCloseTo(5, 6);
    const panned = pinchView(view, SIZE, [lyon, paris], [{ x: lyon.x + 30, y: lyon.y }, { x: paris.x + 30, y: paris.y }]);
    expect(panned.zoom).toBe(6);
    expect(pointOnMap(LYON, panned, SIZE).x).toBeCloseTo(lyon.x + 30, 6);
  });

  it('zooming stops at the closest and the widest zoom', () => {
    const closest: MapView = { centre: PARIS, zoom: MAX_ZOOM };
    expect(zoomAbout(closest, SIZE, 1, { x: 10, y: 10 })).toBe(closest);
    expect(zoomAbout({ centre: PARIS, zoom: 1 }, SIZE, -3, { x: 300, y: 200 }).zoom).toBe(0);
  });
});

describe('fitting the results', () => {
  it('shows every home with the padding to spare, as closely as whole zooms allow', () => {
    const view = fitPlaces([PARIS, LYON], SIZE, 40);
    const [paris, lyon] = [pointOnMap(PARIS, view, SIZE), pointOnMap(LYON, view, SIZE)];
    for (const point of [paris, lyon]) {
      expect(point.x).toBeGreaterThanOrEqual(40);
      expect(point.x).toBeLessThanOrEqual(560);
      expect(point.y).toBeGreaterThanOrEqual(40);
      expect(point.y).toBeLessThanOrEqual(360);
    }
    // One zoom closer and they would not fit.
    const closer = { ...view, zoom: view.zoom + 1 };
    const spread = Math.abs(pointOnMap(LYON, closer, SIZE).y - pointOnMap(PARIS, closer, SIZE).y);
    expect(spread).toBeGreaterThan(SIZE.height - 80);
  });

  it('a lone home gets a city-sized view, no homes the world', () => {
    const lone = fitPlaces([PARIS], SIZE, 40);
    expect(lone.centre.lng).toBeCloseTo(PARIS.lng, 9);
    expect(lone.centre.lat).toBeCloseTo(PARIS.lat, 9);
    // The map's shorter side (400px, north to south) spans at least MIN_FIT_SPAN_KM; one zoom closer it would not.
    expect(spanKm(lone, SIZE)).toBeGreaterThanOrEqual(MIN_FIT_SPAN_KM);
    expect(spanKm({ ...lone, zoom: lone.zoom + 1 }, SIZE)).toBeLessThan(MIN_FIT_SPAN_KM);
    expect(lone.zoom).toBe(9);
    expect(fitPlaces([], SIZE, 40)).toBe(WORLD_VIEW);
  });

  it('homes a street apart, on a phone or near a pole, get no closer than a lone home', () => {
    const phone = { width: 375, height: 620 };
    const neighbours = [PARIS, { lng: PARIS.lng + 0.001, lat: PARIS.lat + 0.001 }];
    for (const size of [SIZE, phone]) {
      const view = fitPlaces(neighbours, size, 48);
      expect(view.zoom).toBe(fitPlaces([PARIS], size, 48).zoom);
      expect(spanKm(view, size)).toBeGreaterThanOrEqual(MIN_FIT_SPAN_KM);
    }
    // Mercator enlarges the north: a pixel at Tromsø is fewer kilometres, so the fit stays wider.
    const tromso = { lng: 18.955, lat: 69.649 };
    const north = fitPlaces([tromso], phone, 48);
    expect(north.zoom).toBeLessThan(fitPlaces([PARIS], phone, 48).zoom);
    expect(spanKm(north, phone)).toBeGreaterThanOrEqual(MIN_FIT_SPAN_KM);
    expect(spanKm({ ...north, zoom: north.zoom + 1 }, phone)).toBeLessThan(MIN_FIT_SPAN_KM);
  });

  it("the URL's area is inside the view that fits it, however small (the traveller zoomed in to it)", () => {
    const box = { west: 2.2242, south: 48.8156, east: 2.4699, north: 48.9022 };
    const shown = boxOfView(fitBox(box, SIZE), SIZE);
    expect(shown.west).toBeLessThanOrEqual(box.west);
    expect(shown.east).toBeGreaterThanOrEqual(box.east);
    expect(shown.south).toBeLessThanOrEqual(box.south);
    expect(shown.north).toBeGreaterThanOrEqual(box.north);
    const street = { west: 2.35, south: 48.856, east: 2.352, north: 48.857 };
    expect(fitBox(street, SIZE).zoom).toBe(MAX_ZOOM);
  });
});
