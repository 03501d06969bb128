/**
 * The land and the borders the results map draws, from Natural Earth's data as TopoJSON (the
 * world-atlas package, served with the site: no tile server). The 1:110m world (39 kB gzipped)
 * comes first; the 1:50m one (236 kB) once the traveller zooms to a region. Each is a chunk of
 * its own, fetched only when the map asks for it. The shapes are projected once, to SVG paths in
 * pixels of a PATH_WORLD_PX-wide world at zoom 0; the map scales and moves them with a transform.
 */
import { geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface WorldPaths {
  land: string;
  borders: string;
}

export type WorldDetail = 'coarse' | 'fine';

/** The paths' world width: wide enough that their 3 decimals stay sharp at the closest zoom. */
export const PATH_WORLD_PX = 1024;
/** From this zoom on, the coarse outlines look wrong (islands missing, coasts cut): the fine ones load. */
export const FINE_DETAIL_FROM_ZOOM = 4;

type WorldTopology = Topology<{ land: GeometryCollection; countries: GeometryCollection }>;

/** A world's land and inner borders as SVG paths (Web Mercator, the map's projection). */
export function worldPaths(topology: WorldTopology): WorldPaths {
  const projection = geoMercator()
    .scale(PATH_WORLD_PX / (2 * Math.PI))
    .translate([PATH_WORLD_PX / 2, PATH_WORLD_PX / 2]);
  const path = geoPath(projection);
  return {
    land: path(feature(topology, topology.objects.land)) ?? '',
    borders: path(mesh(topology, topology.objects.countries, (a, b) => a !== b)) ?? '',
  };
}

export async function loadWorld(detail: WorldDetail): Promise<WorldPaths> {
  const data: unknown =
    detail === 'coarse'
      ? (await import('world-atlas/countries-110m.json')).default
      : (await import('world-atlas/countries-50m.json')).default;
  return worldPaths(data as WorldTopology);
}
