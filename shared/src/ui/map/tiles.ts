/** Web Mercator ("slippy map") tile arithmetic for the tile map. */
export const TILE_SIZE_PX = 256;

/** A point's position in tile units at `zoom` (the integer part is the tile, the rest is within it). */
export function tilePosition(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 2 ** zoom;
  const latRad = (Math.max(Math.min(lat, 85.0511), -85.0511) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * scale,
  };
}

/** A tile's URL from a template with {z}, {x} and {y}. */
export function tileUrl(template: string, zoom: number, x: number, y: number): string {
  return template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
}
