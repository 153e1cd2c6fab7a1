import { KMH_TO_MPS, KNOTS_TO_MPS } from '@waymark/domain';
import type { RawPosition } from '@waymark/domain';
import type { DeviceRef, Position } from '../position';

/**
 * Times no tracker can have reported (clocks never set start in 1970; nothing is stored past
 * 2100). A fix merely ahead of the server's clock is the filter step's (`future`): kept.
 */
const EARLIEST_TIME = Date.UTC(2000, 0, 1);
const LATEST_TIME = Date.UTC(2100, 0, 1);
/** Typical accuracy of a fix that did not report one (metres). */
const DEFAULT_ACCURACY: Record<Position['fix'], number | null> = {
  gps: null,
  wifi: 50,
  cell: 1500,
  ble: 30,
};

export type DropReason = 'implausible-coordinates' | 'invalid-time' | 'duplicate';

export interface NormaliseResult {
  /** Kept positions, ordered by device, then device time. */
  positions: Position[];
  dropped: { reason: DropReason; raw: RawPosition }[];
}

function speedMps(raw: RawPosition): number | null {
  if (raw.speed === undefined || !Number.isFinite(raw.speed) || raw.speed < 0) return null;
  switch (raw.speedUnit ?? 'mps') {
    case 'kmh':
      return raw.speed * KMH_TO_MPS;
    case 'knots':
      return raw.speed * KNOTS_TO_MPS;
    default:
      return raw.speed;
  }
}

const finiteOrNull = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);
const clamp = (v: number | null, min: number, max: number) =>
  v === null ? null : Math.min(max, Math.max(min, v));

/** On Earth: 0,0 is a place (the filter step marks it), 95° north is not. */
const onEarth = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * Converts one report to SI units, or says why it is dropped: only what cannot be stored as a
 * place and a time. Fixes that can be stored but cannot be true are the filter step's.
 */
export function normalise(raw: RawPosition, device: DeviceRef, now: Date): Position | DropReason {
  if (!onEarth(raw.lat, raw.lng)) return 'implausible-coordinates';
  const time = raw.deviceTime.getTime();
  // An Invalid Date compares false with everything, so it is refused by name.
  if (!Number.isFinite(time) || time < EARLIEST_TIME || time >= LATEST_TIME) return 'invalid-time';
  const accuracy = finiteOrNull(raw.accuracy) ?? DEFAULT_ACCURACY[raw.fix];
  return {
    deviceId: device.id,
    accountId: device.accountId,
    fixTime: raw.deviceTime,
    receivedAt: now,
    lat: raw.lat,
    lng: raw.lng,
    fix: raw.fix,
    speed: speedMps(raw),
    course: finiteOrNull(raw.course),
    altitude: finiteOrNull(raw.altitude),
    accuracy,
    battery: clamp(finiteOrNull(raw.battery), 0, 100),
    charging: raw.charging ?? null,
    ignition: raw.ignition ?? null,
    temperature: finiteOrNull(raw.temperature),
    humidity: clamp(finiteOrNull(raw.humidity), 0, 100),
    alarm: raw.alarm ?? null,
    attributes: raw.attributes && Object.keys(raw.attributes).length > 0 ? raw.attributes : null,
    odometer: null,
    address: null,
    geofenceIds: [],
    filterReason: null,
  };
}

/**
 * Normalises a batch: drops what cannot be stored and duplicates (same device and device time),
 * and orders the rest by device time per device, the order every later step needs.
 */
export function normaliseBatch(
  items: readonly { raw: RawPosition; device: DeviceRef }[],
  now: Date,
): NormaliseResult {
  const positions: Position[] = [];
  const dropped: NormaliseResult['dropped'] = [];
  const seen = new Set<string>();
  for (const { raw, device } of items) {
    const result = normalise(raw, device, now);
    if (typeof result === 'string') {
      dropped.push({ reason: result, raw });
      continue;
    }
    const key = `${device.id}:${result.fixTime.getTime()}`;
    if (seen.has(key)) {
      dropped.push({ reason: 'duplicate', raw });
      continue;
    }
    seen.add(key);
    positions.push(result);
  }
  positions.sort((a, b) => a.deviceId - b.deviceId || a.fixTime.getTime() - b.fixTime.getTime());
  return { positions, dropped };
}
