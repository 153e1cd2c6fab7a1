import { performance } from 'node:perf_hooks';
import { AccountGeofenceIndex } from '../../apps/server/src/spatial/geofence-index';
import type { DeviceState, Position } from '../../apps/server/src/pipeline/position';
import { applyGeofences } from '../../apps/server/src/pipeline/steps/geofences';
import { testPosition } from '../../apps/server/src/pipeline/test-position';
import { buildGeofences, random } from '../ingest/fleet';

const KM_PER_DEG = 111.32;
const ROUNDS = 5;
const DEVICES = 10_000;

export interface StepFigures {
  geofences: number;
  positions: number;
  rounds: number;
  /** Checks per second: the median round, and the slowest. */
  rate: number;
  slowestRate: number;
  /** Share of positions inside at least one geofence. */
  insideShare: number;
  transitions: number;
  indexBuildMs: number;
}

/**
 * The pipeline's geofence step (applyGeofences over the account's R-tree index) on its own:
 * `geofenceCount` geofences in one account, positions from 10,000 devices, half of them near a
 * geofence (so shapes are really tested, polygons included) and half anywhere in the USA.
 * Each device's state carries its geofences from one check to the next, as in the pipeline.
 */
export function measureGeofenceStep(geofenceCount: number, positionCount: number): StepFigures {
  const fences = buildGeofences(geofenceCount, 7);
  const built = performance.now();
  const index = new AccountGeofenceIndex(
    fences.map((f, i) => ({
      id: i + 1,
      accountId: 1,
      name: f.name,
      lat: f.lat,
      lng: f.lng,
      radius: f.radiusKm,
      isIrregular: f.polygon !== null,
      geoJson: f.polygon,
    })),
  );
  const indexBuildMs = performance.now() - built;

  const rand = random(9);
  const at = new Date();
  const positions: Position[] = Array.from({ length: positionCount }, (_, i) => {
    let lat: number;
    let lng: number;
    if (i % 2 === 0) {
      const f = fences[Math.floor(rand() * fences.length)]!;
      const km = rand() * f.radiusKm * 1.5;
      const heading = rand() * 2 * Math.PI;
      lat = f.lat + (km * Math.cos(heading)) / KM_PER_DEG;
      lng = f.lng + (km * Math.sin(heading)) / (KM_PER_DEG * Math.cos((f.lat * Math.PI) / 180));
    } else {
      lat = 25 + rand() * 24;
      lng = -124 + rand() * 57;
    }
    return testPosition({ deviceId: i % DEVICES, fixTime: at, lat, lng });
  });
  const states: DeviceState[] = Array.from({ length: DEVICES }, () => ({
    lastFixTime: at,
    lat: 0,
    lng: 0,
    fix: 'gps',
    accuracy: null,
    battery: null,
    temperature: null,
    humidity: null,
    odometer: 0,
    odometerPoint: null,
    moveAnchor: { lat: 0, lng: 0 },
    moveAnchorWithoutCell: null,
    lastMovementTime: null,
    lastMovementTimeWithoutCell: null,
    geofenceIds: [],
    segment: null,
    segmentPending: null,
    undo: null,
    suspect: null,
  }));

  const rates: number[] = [];
  let inside = 0;
  let transitions = 0;
  for (let round = 0; round < ROUNDS; round++) {
    inside = 0;
    transitions = 0;
    const started = performance.now();
    for (const position of positions) {
      const state = states[position.deviceId]!;
      const outcome = applyGeofences(state, position, index);
      state.geofenceIds = outcome.geofenceIds;
      if (outcome.geofenceIds.length > 0) inside++;
      transitions += outcome.transitions.length;
    }
    rates.push(positionCount / ((performance.now() - started) / 1000));
  }
  const sorted = [...rates].sort((a, b) => a - b);
  return {
    geofences: index.size,
    positions: positionCount,
    rounds: ROUNDS,
    rate: sorted[Math.floor(sorted.length / 2)]!,
    slowestRate: sorted[0]!,
    insideShare: inside / positionCount,
    transitions,
    indexBuildMs,
  };
}
