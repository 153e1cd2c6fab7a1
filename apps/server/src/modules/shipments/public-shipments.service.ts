import type { PublicShipment } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { found } from '../../access/actor';
import { shipmentParts } from './shipment-parts';
import { presentPublicShipment } from './shipments.present';
import { shipmentByUuid, type FenceRow, type ShipmentRow } from './shipments.queries';

/**
 * The public tracking page's shipment, by its unguessable uuid and without a login (spec 001
 * §2, §6): 404 for an unknown uuid or an account without shipments. It answers only what the
 * page shows.
 */
export async function publicShipment(
  ctx: AppContext,
  uuid: string,
  wanted: { includeEvents: boolean; withPath: boolean; withCurrentPosition: boolean },
): Promise<PublicShipment> {
  const { db } = ctx.database;
  const link = await shipmentByUuid(db, uuid);
  const row = found(link?.can_track_shipments ? link.shipment : undefined);
  // The parts read only the shipment's own columns; the names are not part of this answer.
  const asRow: ShipmentRow = { shipment: row, device_name: '', from_fence: null, to_fence: null };
  const parts = await shipmentParts(db, [asRow], wanted);
  // A left join: every column is null when the side is an address or the fence is gone.
  const fence = link?.to_fence?.id ? (link.to_fence as FenceRow) : null;
  return presentPublicShipment(row, parts, fence);
}
