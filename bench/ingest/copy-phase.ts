import { performance } from 'node:perf_hooks';
import type { Database } from '../../apps/server/src/db/client';
import { ensurePartitions } from '../../apps/server/src/pipeline/pipeline.queries';
import type { Position } from '../../apps/server/src/pipeline/position';
import { copyPositions } from '../../apps/server/src/pipeline/positions-copy';
import { fixAt, type BenchTrack } from './fleet';

/** Rows per COPY: the size the demo's history loader uses, so memory stays bounded. */
const COPY_CHUNK = 50_000;
/** A year before the live fixes: new partitions, no key can collide with the pipeline's rows. */
const YEAR_MS = 365 * 86400_000;

/**
 * The floor the pipeline is measured against: the same kind of rows (address, attributes,
 * geofence flag as the pipeline fills them) bulk-loaded with the server's own COPY path into
 * the same database, timed including CSV building.
 */
export async function bareCopyRate(
  database: Database,
  devices: readonly { id: number; track: BenchTrack }[],
  accountId: number,
  rows: number,
  baseTimeMs: number,
) {
  const positions: Position[] = [];
  const receivedAt = new Date();
  for (let i = 0; i < rows; i++) {
    const device = devices[i % devices.length]!;
    const fix = fixAt(device.track, baseTimeMs - YEAR_MS, Math.floor(i / devices.length));
    positions.push({
      deviceId: device.id,
      accountId,
      fixTime: fix.time,
      receivedAt,
      lat: fix.lat,
      lng: fix.lng,
      fix: 'gps',
      speed: fix.speedKmh / 3.6,
      course: fix.course,
      altitude: 180,
      accuracy: null,
      battery: 80,
      charging: false,
      ignition: null,
      temperature: null,
      humidity: null,
      alarm: null,
      odometer: i * 10,
      address: 'Near Springfield, IL, US',
      geofenceIds: [],
      filterReason: null,
      attributes: { satellites: 9, ignition: true, gsmSignal: 4 },
    });
  }
  await ensurePartitions(database.db, positions, new Set(), true);
  const started = performance.now();
  for (let i = 0; i < positions.length; i += COPY_CHUNK) {
    await copyPositions(database, positions.slice(i, i + COPY_CHUNK));
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds, rate: rows / seconds };
}
