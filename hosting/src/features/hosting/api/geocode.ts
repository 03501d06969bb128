/**
 * The backend's geocoder (GET /geocode?q=, Nominatim-shaped, offline): a typed "City" or "City,
 * Country" resolved to the city, its country and its coordinates.
 */
export interface GeocodedPlace {
  city: string;
  country: string;
  lat: number;
  lng: number;
}

export async function geocodePlace(supabaseUrl: string, query: string): Promise<GeocodedPlace | null> {
  const url = new URL('/geocode', supabaseUrl);
  url.searchParams.set('q', query.trim().slice(0, 200));
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '1');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`geocode answered ${response.status}`);
  const [place] = (await response.json()) as Array<{ lat: string; lon: string; display_name: string }>;
  if (!place) return null;
  const comma = place.display_name.lastIndexOf(', ');
  return {
    city: comma < 0 ? place.display_name : place.display_name.slice(0, comma),
    country: comma < 0 ? '' : place.display_name.slice(comma + 2),
    lat: Number(place.lat),
    lng: Number(place.lon),
  };
}
