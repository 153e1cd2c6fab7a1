import type { SegmentFix, SegmentPoint, SegmentState } from './segmentation.rules';

/**
 * The segmentation state as it is stored with each tracker's current position: arrays in a
 * fixed order rather than objects. It is written for every tracker of every position batch,
 * and as objects its keys were 60 % of its bytes; parsing them into jsonb was the largest
 * part of what trips and summaries cost the pipeline on PGlite (issue 36's ingest measure).
 * States stored as objects before this still read.
 */
type PackedFix = [
  time: number,
  lat: number,
  lng: number,
  speed: number | null,
  ignition: boolean | null,
  odometer: number,
  engineHours: number | null,
  fuel: number | null,
  address: string | null,
  geofenceId: number | null,
];

type PackedPoint = [
  time: number,
  lat: number,
  lng: number,
  odometer: number,
  engineHours: number | null,
  address: string | null,
  geofenceId: number | null,
];

type PackedCandidate = [
  at: PackedPoint,
  lastMoving: number,
  drivingMs: number,
  maxSpeed: number,
  stillMs: number,
  stillByDay: Record<string, number>,
  /** Absent from states stored before a candidate trip kept its warm-up. */
  idleMs?: number,
];

export type PackedSegmentState = [
  last: PackedFix,
  inTrip: 0 | 1,
  since: PackedPoint,
  trip: [drivingMs: number, idleMs: number, maxSpeed: number],
  candidate: PackedCandidate | null,
  stopCounted: 0 | 1,
];

export const packSegmentFix = (f: SegmentFix): PackedFix => [
  f.time,
  f.lat,
  f.lng,
  f.speed,
  f.ignition,
  f.odometer,
  f.engineHours,
  f.fuel,
  f.address,
  f.geofenceId,
];

const packPoint = (p: SegmentPoint): PackedPoint => [
  p.time,
  p.lat,
  p.lng,
  p.odometer,
  p.engineHours,
  p.address,
  p.geofenceId,
];

export function packSegmentState(s: SegmentState): PackedSegmentState {
  const c = s.candidate;
  return [
    packSegmentFix(s.last),
    s.phase === 'trip' ? 1 : 0,
    packPoint(s.since),
    [s.trip.drivingMs, s.trip.idleMs, s.trip.maxSpeed],
    c && [
      packPoint(c.at),
      c.lastMoving,
      c.drivingMs,
      c.maxSpeed,
      c.stillMs,
      c.stillByDay,
      c.idleMs,
    ],
    s.stopCounted ? 1 : 0,
  ];
}

function unpackFix(f: PackedFix): SegmentFix {
  const [time, lat, lng, speed, ignition, odometer, engineHours, fuel, address, geofenceId] = f;
  return { time, lat, lng, speed, ignition, odometer, engineHours, fuel, address, geofenceId };
}

function unpackPoint(p: PackedPoint): SegmentPoint {
  const [time, lat, lng, odometer, engineHours, address, geofenceId] = p;
  return { time, lat, lng, odometer, engineHours, address, geofenceId };
}

/** A stored segmentation state, packed or (stored before packing) an object; null stays null. */
export function unpackSegmentState(stored: unknown): SegmentState | null {
  if (!Array.isArray(stored)) return unpackedObject(stored as SegmentState | null | undefined);
  const [last, inTrip, since, [drivingMs, idleMs, maxSpeed], c, stopCounted] =
    stored as PackedSegmentState;
  return {
    last: unpackFix(last),
    phase: inTrip === 1 ? 'trip' : 'stop',
    since: unpackPoint(since),
    trip: { drivingMs, idleMs, maxSpeed },
    candidate: c && {
      at: unpackPoint(c[0]),
      lastMoving: c[1],
      drivingMs: c[2],
      maxSpeed: c[3],
      stillMs: c[4],
      stillByDay: c[5],
      idleMs: c[6] ?? 0,
    },
    stopCounted: stopCounted === 1,
  };
}

/** A state stored as an object, from before packing (and before a candidate kept idle time). */
function unpackedObject(stored: SegmentState | null | undefined): SegmentState | null {
  if (!stored) return null;
  const c = stored.candidate;
  return c ? { ...stored, candidate: { ...c, idleMs: c.idleMs ?? 0 } } : stored;
}

/** A stored pending fix, packed or an object; null stays null. */
export function unpackSegmentFix(stored: unknown): SegmentFix | null {
  if (!Array.isArray(stored)) return (stored as SegmentFix | null | undefined) ?? null;
  return unpackFix(stored as PackedFix);
}
