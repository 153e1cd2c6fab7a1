import { speedColour } from '@waymark/domain';
import { SPEED_HEX } from './colours';
import type { TrailColumns } from './types';

/** The trail's line, every point of it, as the map's line source takes it. */
export function trailLine(trail: Pick<TrailColumns, 'lat' | 'lng'>): GeoJSON.Feature {
  const coordinates = new Array<[number, number]>(trail.lat.length);
  for (let i = 0; i < coordinates.length; i++) coordinates[i] = [trail.lng[i]!, trail.lat[i]!];
  return { type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} };
}

/**
 * The trail's speed-coloured points drawn at zoom `upTo` or below (`zooms`: trailPointZooms),
 * each with its index in the trail and the zoom it shows from. The map gets the points of the
 * zoom it shows and more as the user zooms in: 86,400 fixes framed at a city's zoom draw a few
 * thousand, and handing the map all of them, to cut and filter in its worker, was most of
 * tracker details' time to show a 10-day range.
 */
export function trailPointFeatures(
  trail: Pick<TrailColumns, 'lat' | 'lng' | 'speed'>,
  zooms: Uint8Array,
  upTo: number,
  satellite: boolean,
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (let index = 0; index < zooms.length; index++) {
    if (zooms[index]! > upTo) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [trail.lng[index]!, trail.lat[index]!] },
      properties: {
        index,
        colour: SPEED_HEX[speedColour(trail.speed[index] ?? null, satellite)],
        z: zooms[index],
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
