import { MapPin } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { APPROXIMATE_LOCATION_RADIUS_M, AREA_MAP_ZOOM, MAP_ZOOM } from 'shared/rules';
import { TILE_SIZE_PX, tilePosition, tileUrl } from './tiles';
import { landPath } from './worldOutline';
import styles from './LocationMap.module.css';

export interface LocationMapProps {
  lat: number | null;
  lng: number | null;
  /** 'City, Country', the marker's label and the map's accessible name. */
  place: string;
  /**
   * The point is only approximate (issue 40: whoever may not know the street): the map shows a
   * circle of APPROXIMATE_LOCATION_RADIUS_M around it, at AREA_MAP_ZOOM, instead of a pin.
   */
  approximate?: boolean;
}

/** Metres per pixel of the tile map at a latitude and zoom (Web Mercator, 256 px tiles). */
function metresPerPixel(lat: number, zoom: number): number {
  return (156_543.034 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}
/** The circle's diameter on the offline drawing, which is too coarse to draw it to scale. */
const OFFLINE_AREA_PX = 160;

/** Tiles either side of the centre tile: enough to cover a 1280px-wide map. */
const TILE_REACH_X = 3;
const TILE_REACH_Y = 2;
/** The offline map's view around the place, in degrees of longitude and latitude. */
const OFFLINE_SPAN = { lng: 72, lat: 36 } as const;
const LAND_PATH = landPath();
const GRATICULE = [
  ...Array.from({ length: 35 }, (_, i) => `M${(i + 1) * 10} 0V180`),
  ...Array.from({ length: 17 }, (_, i) => `M0 ${(i + 1) * 10}H360`),
].join('');

/**
 * A place's location (the listing's "Where you'll be", a trip's page): a tile map at zoom 17
 * centred on it when a tile source is configured, otherwise an offline drawing of the land around
 * it. Either way the marker and the place's name show where it is; an approximate point shows a
 * circle (the area) and no marker, on tiles at zoom 14 drawn to scale.
 */
export function LocationMap({ lat, lng, place, approximate = false }: LocationMapProps) {
  const { mapTileUrl } = useRuntimeConfig();
  const located = lat !== null && lng !== null;
  const tiled = located && mapTileUrl !== null;
  if (approximate) {
    const diameter = tiled ? Math.round((2 * APPROXIMATE_LOCATION_RADIUS_M) / metresPerPixel(lat, AREA_MAP_ZOOM)) : OFFLINE_AREA_PX;
    return (
      <div className={styles.map} role="img" aria-label={`Map showing the approximate area of ${place}`}>
        {tiled ? <TileLayer template={mapTileUrl} lat={lat} lng={lng} zoom={AREA_MAP_ZOOM} /> : <OfflineLayer lat={lat} lng={lng} />}
        {located && <div className={styles.area} data-testid="approximate-area" style={{ width: diameter, height: diameter }} aria-hidden="true" />}
        <div className={styles.label}>
          <span className={styles.place}>{place}</span>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.map} role="img" aria-label={`Map showing ${place}`}>
      {tiled ? <TileLayer template={mapTileUrl} lat={lat} lng={lng} zoom={MAP_ZOOM} /> : <OfflineLayer lat={lat} lng={lng} />}
      <div className={located ? styles.marker : styles.label}>
        {located && (
          <span className={styles.pin} aria-hidden="true">
            <MapPin size={22} strokeWidth={2.25} />
          </span>
        )}
        <span className={styles.place}>{place}</span>
      </div>
    </div>
  );
}

function TileLayer({ template, lat, lng, zoom }: { template: string; lat: number; lng: number; zoom: number }) {
  const centre = tilePosition(lat, lng, zoom);
  const firstX = Math.floor(centre.x) - TILE_REACH_X;
  const firstY = Math.floor(centre.y) - TILE_REACH_Y;
  const tiles: { x: number; y: number }[] = [];
  for (let y = firstY; y <= firstY + 2 * TILE_REACH_Y; y += 1) {
    for (let x = firstX; x <= firstX + 2 * TILE_REACH_X; x += 1) tiles.push({ x, y });
  }
  return (
    <div className={styles.tiles} aria-hidden="true">
      {tiles.map(({ x, y }) => (
        <img
          key={`${x}-${y}`}
          className={styles.tile}
          src={tileUrl(template, zoom, x, y)}
          alt=""
          width={TILE_SIZE_PX}
          height={TILE_SIZE_PX}
          loading="lazy"
          decoding="async"
          style={{
            left: `calc(50% + ${Math.round((x - centre.x) * TILE_SIZE_PX)}px)`,
            top: `calc(50% + ${Math.round((y - centre.y) * TILE_SIZE_PX)}px)`,
          }}
        />
      ))}
    </div>
  );
}

function OfflineLayer({ lat, lng }: { lat: number | null; lng: number | null }) {
  // Centred on the place (x = lng + 180, y = 90 - lat); the whole world when it is not known.
  const viewBox =
    lat !== null && lng !== null
      ? `${lng + 180 - OFFLINE_SPAN.lng / 2} ${90 - lat - OFFLINE_SPAN.lat / 2} ${OFFLINE_SPAN.lng} ${OFFLINE_SPAN.lat}`
      : '0 0 360 180';
  return (
    <svg className={styles.offline} viewBox={viewBox} preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect x={-360} y={-180} width={1080} height={540} className={styles.sea} />
      <path d={GRATICULE} className={styles.graticule} />
      <path d={LAND_PATH} className={styles.land} />
    </svg>
  );
}
