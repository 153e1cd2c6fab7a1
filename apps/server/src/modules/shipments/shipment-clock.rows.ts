import {
  EMPTY_TRACK,
  placeOfAddress,
  placeOfGeofence,
  type ShipmentClock,
  type ShipmentEventNames,
  type ShipmentPlace,
} from '@waymark/domain';
import { addressOf } from './shipments.present';
import type { FenceRow, ShipmentRow } from './shipments.queries';

/** What writing a shipment's events needs besides its clock: who, where, and whom to tell. */
export interface ShipmentFacts {
  id: number;
  accountId: number;
  deviceId: number;
  /** The version the clock was read at: a write over another is refused. */
  version: number;
  uuid: string;
  endAt: Date;
  names: ShipmentEventNames;
  emails: readonly string[];
  phones: readonly string[];
}

const ms = (v: Date | null) => (v === null ? null : v.getTime());

function placeOf(fence: FenceRow | null, address: unknown): ShipmentPlace | null {
  if (fence) return placeOfGeofence(fence);
  const point = addressOf(address);
  return point ? placeOfAddress(point) : null;
}

/**
 * The clock of a stored shipment. What only memory holds (the recent track, the speed, the
 * detour, since when it is predicted late, where the tracker was last seen) starts empty; the
 * clock's index fills it.
 */
export function clockOfRow(row: ShipmentRow): ShipmentClock {
  const s = row.shipment;
  return {
    status: s.status,
    startAt: s.start_at.getTime(),
    endAt: s.end_at.getTime(),
    notifyAtHours: s.notify_at,
    from: placeOf(row.from_fence, s.from_address),
    to: placeOf(row.to_fence, s.to_address),
    beganAt: ms(s.began_at),
    insideFrom: null,
    endedAt: ms(s.ended_at),
    notifiedAt: ms(s.notified_at),
    estimatedEndAt: ms(s.estimated_end_at),
    lastFixAt: null,
    track: EMPTY_TRACK,
    speedMps: null,
    origin: null,
    drivenM: 0,
    lateSince: null,
  };
}

export function factsOfRow(row: ShipmentRow): ShipmentFacts {
  const s = row.shipment;
  return {
    id: s.id,
    accountId: s.account_id,
    deviceId: s.device_id,
    version: s.version,
    uuid: s.uuid,
    endAt: s.end_at,
    names: {
      shipment: s.name,
      from: row.from_fence?.name ?? addressOf(s.from_address)?.name ?? null,
      to: row.to_fence?.name ?? addressOf(s.to_address)?.name ?? null,
    },
    emails: s.notification_emails,
    phones: s.notification_phone_numbers,
  };
}
