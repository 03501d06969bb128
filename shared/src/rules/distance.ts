/**
 * Card distances: from a reference point, the searched place, to the listing (a departure from
 * the spec's placeholder, which made the distance out of the price). Without a reference point
 * (no search, a region, the wishlist) a card shows no distance at all.
 */

export interface Coordinates {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in kilometres. */
export function kilometresBetween(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The card's distance line: '12 kilometers away', '0 kilometers away' in the place itself. */
export function distanceText(kilometres: number): string {
  return `${Math.round(kilometres).toLocaleString('en-US')} kilometers away`;
}
