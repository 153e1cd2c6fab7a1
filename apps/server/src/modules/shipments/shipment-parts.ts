import type { Db } from '../../db/client';
import { presentEvent, presentPoint, type ShipmentParts } from './shipments.present';
import { currentPointRows, eventRows, pathRows, type ShipmentRow } from './shipments.queries';

/** What a call asks to be added to each shipment (include=device,events, with_… flags). */
export interface PartsWanted {
  includeDevice?: boolean;
  includeEvents?: boolean;
  withGeofences?: boolean;
  withCurrentPosition?: boolean;
  withPath?: boolean;
}

function byShipment<R extends { shipment_id: number }, T>(
  rows: readonly R[],
  present: (row: R) => T,
): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.shipment_id) ?? [];
    list.push(present(row));
    map.set(row.shipment_id, list);
  }
  return map;
}

/**
 * The travelled path of a shipment: its tracker's positions from the start time to the end
 * (or now, while ongoing).
 */
export function pathWindow(row: ShipmentRow, now = new Date()) {
  const s = row.shipment;
  return { shipmentId: s.id, deviceId: s.device_id, from: s.start_at, to: s.ended_at ?? now };
}

/** The asked-for parts of the shipments: one query each, whatever the number of shipments. */
export async function shipmentParts(
  db: Db,
  rows: readonly ShipmentRow[],
  wanted: PartsWanted,
): Promise<ShipmentParts> {
  const parts: ShipmentParts = {
    includeDevice: wanted.includeDevice ?? false,
    withGeofences: wanted.withGeofences ?? false,
  };
  const ids = rows.map((r) => r.shipment.id);
  if (wanted.includeEvents) {
    parts.events = byShipment(await eventRows(db, ids), presentEvent);
  }
  if (wanted.withPath) {
    const points = await pathRows(
      db,
      rows.map((r) => pathWindow(r)),
    );
    parts.paths = byShipment(points, presentPoint);
  }
  if (wanted.withCurrentPosition) {
    const current = await currentPointRows(
      db,
      rows.map((r) => ({
        shipmentId: r.shipment.id,
        deviceId: r.shipment.device_id,
        endedAt: r.shipment.ended_at,
      })),
    );
    parts.currents = new Map(current.map((p) => [p.shipment_id, presentPoint(p)]));
  }
  return parts;
}
