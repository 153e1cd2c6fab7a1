import { writeFileSync } from 'node:fs';
import type { Feature } from 'geojson';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { zxyToTileId } from 'pmtiles';

/**
 * A small PMTiles v3 archive made here, for the tests of MAP_PMTILES: no package writes the
 * format, and a real region cut (`pmtiles extract`) is megabytes. The layout is the spec's
 * (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte header, the root
 * directory (varint columns), the metadata JSON, then the tiles; no leaf directories and no
 * compression, which the format allows and the `pmtiles` reader reads.
 */

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

const HEADER_BYTES = 127;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;

function varints(values: number[]): number[] {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return bytes;
}

/** The directory: count, then the tile-id deltas, run lengths, lengths and offsets columns. */
function directory(entries: { tileId: number; offset: number; length: number }[]): Uint8Array {
  const ids = entries.map((entry, i) => entry.tileId - (i === 0 ? 0 : entries[i - 1]!.tileId));
  return Uint8Array.from([
    ...varints([entries.length]),
    ...varints(ids),
    ...varints(entries.map(() => 1)),
    ...varints(entries.map((entry) => entry.length)),
    // offset + 1 (0 would mean "right after the previous tile"; explicit is simpler).
    ...varints(entries.map((entry) => entry.offset + 1)),
  ]);
}

/** Builds the archive's bytes from vector tiles, with the given bounds and metadata. */
export function pmtilesArchive(
  tiles: ArchiveTile[],
  bounds: [west: number, south: number, east: number, north: number],
  metadata: object,
): Buffer {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = sorted.map((tile) => {
    const entry = { tileId: tile.tileId, offset, length: tile.data.length };
    offset += tile.data.length;
    return entry;
  });
  const root = directory(entries);
  const meta = Buffer.from(JSON.stringify(metadata));
  const tileData = Buffer.concat(sorted.map((tile) => tile.data));
  const zooms = sorted.map((tile) => tile.z);
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const sections = [
    [HEADER_BYTES, root.length], // root directory
    [HEADER_BYTES + root.length, meta.length], // metadata
    [HEADER_BYTES + root.length + meta.length, 0], // leaf directories: none
    [HEADER_BYTES + root.length + meta.length, tileData.length], // tile data
  ];
  sections.flat().forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + i * 8));
  for (const [i, count] of [sorted.length, sorted.length, sorted.length].entries()) {
    header.writeBigUInt64LE(BigInt(count), 72 + i * 8);
  }
  header.writeUInt8(1, 96); // clustered: tiles in tile-id order
  header.writeUInt8(COMPRESSION_NONE, 97);
  header.writeUInt8(COMPRESSION_NONE, 98);
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  bounds.forEach((degrees, i) => header.writeInt32LE(Math.round(degrees * 1e7), 102 + i * 4));
  header.writeUInt8(Math.max(...zooms), 118);
  header.writeInt32LE(Math.round(((bounds[0] + bounds[2]) / 2) * 1e7), 119);
  header.writeInt32LE(Math.round(((bounds[1] + bounds[3]) / 2) * 1e7), 123);
  return Buffer.concat([header, root, meta, tileData]);
}

/** A tile's corner in degrees (Web Mercator). */
function tileCorner(z: number, x: number, y: number): [number, number] {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return [(x / 2 ** z) * 360 - 180, (180 / Math.PI) * Math.atan(Math.sinh(n))];
}

/**
 * A street map in the Protomaps basemap schema (the layers of a planet build, which the web
 * app styles): land over the whole tile and one highway across it, as `roads` with
 * `kind: 'highway'`, at every zoom from `minZoom` to `maxZoom` around the point.
 */
export function streetArchive(
  [lon, lat]: [number, number],
  minZoom: number,
  maxZoom: number,
): Buffer {
  const tiles: ArchiveTile[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(
      ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z,
    );
    const [west, north] = tileCorner(z, x, y);
    const [east, south] = tileCorner(z, x + 1, y + 1);
    const layer = (features: Feature[]) =>
      geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y);
    const earth = layer([
      {
        type: 'Feature',
        properties: { kind: 'earth' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [west, south],
              [east, south],
              [east, north],
              [west, north],
              [west, south],
            ],
          ],
        },
      },
    ]);
    const roads = layer([
      {
        type: 'Feature',
        properties: { kind: 'highway', kind_detail: 'motorway', name: 'Archive Highway' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [west, lat],
            [east, lat],
          ],
        },
      },
    ]);
    tiles.push({ z, x, y, data: fromGeojsonVt({ earth, roads }, { version: 2, extent: 4096 }) });
  }
  const pad = 1;
  return pmtilesArchive(tiles, [lon - pad, lat - pad, lon + pad, lat + pad], {
    name: 'Waymark test streets',
    vector_layers: [
      { id: 'earth', fields: { kind: 'String' } },
      { id: 'roads', fields: { kind: 'String', kind_detail: 'String', name: 'String' } },
    ],
  });
}

/** Writes `streetArchive` to a file: the archive MAP_PMTILES names in a test. */
export function writeStreetArchive(
  path: string,
  centre: [number, number],
  minZoom = 0,
  maxZoom = 14,
) {
  writeFileSync(path, streetArchive(centre, minZoom, maxZoom));
}
