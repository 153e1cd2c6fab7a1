import type { ApiPosition, ShipmentPoint } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { positionsCsv } from '../positions/positions.csv';
import { historyOf } from '../positions/positions.queries';
import { shipmentParts, pathWindow } from './shipment-parts';
import { shipmentOf } from './shipments.access';

/**
 * Where the shipment's tracker is (or was when the shipment ended); null before its first fix.
 */
export async function shipmentPosition(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
): Promise<ShipmentPoint | null> {
  const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'read');
  const parts = await shipmentParts(ctx.database.db, [row], { withCurrentPosition: true });
  return parts.currents?.get(shipmentId) ?? null;
}

/**
 * The tracker's positions during the shipment (from its start to its end, or now), within
 * the range asked for when one is given.
 */
export async function shipmentHistory(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
  range: { from?: Date | undefined; to?: Date | undefined } = {},
): Promise<ApiPosition[]> {
  const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'read');
  const window = pathWindow(row);
  const from = range.from && range.from > window.from ? range.from : window.from;
  const to = range.to && range.to < window.to ? range.to : window.to;
  if (from > to) return [];
  return historyOf(ctx.database.db, [window.deviceId], from, to);
}

/** 'Download these points': the shipment's positions as CSV, times shifted by `offset`. */
export async function shipmentPointsCsv(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
  offset: number,
) {
  const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'read');
  const positions = await shipmentHistory(ctx, actor, shipmentId);
  return positionsCsv(positions, new Map([[row.shipment.device_id, row.device_name]]), offset);
}
