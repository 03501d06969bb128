/**
 * The results map's view as pure maths: Web Mercator (the projection of every web map) in
 * pixels of a world TILE_PX wide at zoom 0 and twice as wide at each zoom level. A view is a
 * centre and a zoom; with the map's size in pixels it gives the area the map shows (the `box`
 * of "Search as I move the map"), where a home's pin goes, and the view that fits some homes.
 * The map draws one world (no wrapping at the antimeridian), so views keep inside it.
 */
import type { MapBox } from 'shared/url';

export interface LngLat {
  lng: number;
  lat: number;
}

export interface MapView {
  centre: LngLat;
  zoom: number;
}

export interface MapSize {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The world's width in pixels at zoom 0. */
export const TILE_PX = 256;
/** The whole world, down to a street or two (the land data is Natural Earth's 1:50m). */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 14;
/** Web Mercator's latitude limit: the world is then a square. */
export const MAX_LAT = 85.0511;
/** How far one press of an arrow key pans, in pixels, and one press of + or - zooms. */
export const KEY_PAN_PX = 100;
export const ZOOM_STEP = 1;

export const WORLD_VIEW: MapView = { centre: { lng: 0, lat: 20 }, zoom: 1 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The world's width (and height) in pixels at a zoom. */
export function worldPx(zoom: number): number {
  return TILE_PX * 2 ** zoom;
}

/** A place's pixel in the world at a zoom, from the world's top-left corner. */
export function project({ lng, lat }: LngLat, zoom: number): Point {
  const size = worldPx(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The place at a pixel of the world at a zoom. */
export function unproject({ x, y }: Point, zoom: number): LngLat {
  const size = worldPx(zoom);
  const mercatorY = Math.PI * (1 - (2 * y) / size);
  return { lng: (x / size) * 360 - 180, lat: (Math.atan(Math.sinh(mercatorY)) * 180) / Math.PI };
}

/** The view kept inside the world: its zoom within bounds and its centre on the map. */
export function clampView({ centre, zoom }: MapView): MapView {
  return {
    centre: { lng: clamp(centre.lng, -180, 180), lat: clamp(centre.lat, -MAX_LAT, MAX_LAT) },
    zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM),
  };
}

/** The world pixel at the map's top-left corner. */
export function topLeft(view: MapView, size: MapSize): Point {
  const centre = project(view.centre, view.zoom);
  return { x: centre.x - size.width / 2, y: centre.y - size.height / 2 };
}

/** Where a place sits on the map, in pixels from its top-left corner. */
export function pointOnMap(place: LngLat, view: MapView, size: MapSize): Point {
  const origin = topLeft(view, size);
  const point = project(place, view.zoom);
  return { x: point.x - origin.x, y: point.y - origin.y };
}

/**
 * The area the map shows, cut to the world; a map showing past the top or the bottom of the
 * world (which Mercator ends at 85°) shows up to the pole.
 */
export function boxOfView(view: MapView, size: MapSize): MapBox {
  const origin = topLeft(view, size);
  const bottom = origin.y + size.height;
  const northWest = unproject(origin, view.zoom);
  const southEast = unproject({ x: origin.x + size.width, y: bottom }, view.zoom);
  return {
    west: Math.max(-180, northWest.lng),
    south: bottom >= worldPx(view.zoom) ? -90 : southEast.lat,
    east: Math.min(180, southEast.lng),
    north: origin.y <= 0 ? 90 : northWest.lat,
  };
}

/** The view moved by a drag of (dx, dy) pixels: the map follows the pointer. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const centre = project(view.centre, view.zoom);
  return clampView({ ...view, centre: unproject({ x: centre.x - dx, y: centre.y - dy }, view.zoom) });
}

/** Two fingers on the map, in its pixels. */
export type FingerPair = readonly [Point, Point];

/**
 * The view two fingers make of the view they started on: it zooms as their spread grows or
 * shrinks (twice as far apart is one level closer) and follows their midpoint, so the places
 * under the fingers stay under them.
 */
export function pinchView(start: MapView, size: MapSize, from: FingerPair, to: FingerPair): MapView {
  const spread = (pair: FingerPair) => Math.hypot(pair[1].x - pair[0].x, pair[1].y - pair[0].y);
  const middle = (pair: FingerPair) => ({ x: (pair[0].x + pair[1].x) / 2, y: (pair[0].y + pair[1].y) / 2 });
  const startSpread = spread(from);
  const zoomed = startSpread > 0 ? zoomAbout(start, size, Math.log2(spread(to) / startSpread), middle(from)) : start;
  const before = middle(from);
  const after = middle(to);
  return panBy(zoomed, after.x - before.x, after.y - before.y);
}

/**
 * The view zoomed by `delta` levels about a pixel of the map (the pointer under a wheel, the
 * centre for the buttons and keys): the place under that pixel stays under it.
 */
export function zoomAbout(view: MapView, size: MapSize, delta: number, anchor: Point): MapView {
  const zoom = clamp(view.zoom + delta, MIN_ZOOM, MAX_ZOOM);
  if (zoom === view.zoom) return view;
  const origin = topLeft(view, size);
  const place = unproject({ x: origin.x + anchor.x, y: origin.y + anchor.y }, view.zoom);
  const placePx = project(place, zoom);
  const centrePx = { x: placePx.x - anchor.x + size.width / 2, y: placePx.y - anchor.y + size.height / 2 };
  return clampView({ centre: unproject(centrePx, zoom), zoom });
}

/**
 * The narrowest the map shows when it fits homes: 80 km, a large city's whole search area (40 km
 * each way). The land data has no streets, so a closer fit of one home, or of homes a street
 * apart, showed a blank map (land or sea edge to edge, with no coast or border to place it by).
 */
export const MIN_FIT_SPAN_KM = 80;
const EARTH_CIRCUMFERENCE_KM = 2 * Math.PI * 6371;

/**
 * The closest whole zoom at which `size`'s shorter side spans at least `spanKm` at a latitude
 * (Mercator's pixels shrink in kilometres by the cosine of the latitude).
 */
function closestZoomSpanning(spanKm: number, lat: number, size: MapSize): number {
  const kmPerPxAtZoom0 = (EARTH_CIRCUMFERENCE_KM * Math.cos((clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180)) / TILE_PX;
  const zoom = Math.floor(Math.log2((Math.min(size.width, size.height) * kmPerPxAtZoom0) / spanKm));
  return clamp(zoom, MIN_ZOOM, MAX_ZOOM);
}

/** The closest view, up to `maxZoom`, that shows every place with `padding` pixels to spare. */
function fitView(places: readonly LngLat[], size: MapSize, padding: number, maxZoom: (centre: LngLat) => number): MapView {
  if (places.length === 0 || size.width <= 2 * padding || size.height <= 2 * padding) return WORLD_VIEW;
  const points = places.map((place) => project(place, 0));
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const span = { x: Math.max(...xs) - Math.min(...xs), y: Math.max(...ys) - Math.min(...ys) };
  const fits = (zoom: number) =>
    span.x * 2 ** zoom <= size.width - 2 * padding && span.y * 2 ** zoom <= size.height - 2 * padding;
  const centre = unproject({ x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2 }, 0);
  const closest = maxZoom(centre);
  let zoom = MIN_ZOOM;
  while (zoom < closest && fits(zoom + 1)) zoom += 1;
  return clampView({ centre, zoom });
}

/**
 * The closest view that shows every place with `padding` pixels to spare, but never narrower than
 * MIN_FIT_SPAN_KM (a place alone, or places very close together, get a city-sized view with land
 * and coast around them, not the closest zoom); the world view for none. Zoom levels are whole,
 * as a map's buttons step them.
 */
export function fitPlaces(places: readonly LngLat[], size: MapSize, padding: number): MapView {
  return fitView(places, size, padding, (centre) => closestZoomSpanning(MIN_FIT_SPAN_KM, centre.lat, size));
}

/**
 * The view that shows a map area (the one in the URL), as closely as whole zoom levels allow:
 * an area the traveller zoomed in to comes back as they left it.
 */
export function fitBox(box: MapBox, size: MapSize): MapView {
  return fitView(
    [
      { lng: box.west, lat: box.north },
      { lng: box.east, lat: box.south },
    ],
    size,
    0,
    () => MAX_ZOOM,
  );
}
