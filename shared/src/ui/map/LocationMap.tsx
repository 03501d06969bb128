import { MapPin } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { MAP_ZOOM } from 'shared/rules';
import { TILE_SIZE_PX, tilePosition, tileUrl } from './tiles';
import { landPath } from './worldOutline';
import styles from './LocationMap.module.css';

export interface LocationMapProps {
  lat: number | null;
  lng: number | null;
  /** 'City, Country', the marker's label and the map's accessible name. */
  place: string;
}

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
 * it. Either way the marker and the place's name show where it is.
 */
export function LocationMap({ lat, lng, place }: LocationMapProps) {
  const { mapTileUrl } = useRuntimeConfig();
  const located = lat !== null && lng !== null;
  return (
    <div className={styles.map} role="img" aria-label={`Map showing ${place}`}>
      {located && mapTileUrl ? <TileLayer template={mapTileUrl} lat={lat} lng={lng} /> : <OfflineLayer lat={lat} lng={lng} />}
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

function TileLayer({ template, lat, lng }: { template: string; lat: number; lng: number }) {
  const centre = tilePosition(lat, lng, MAP_ZOOM);
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
          src={tileUrl(template, MAP_ZOOM, x, y)}
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
