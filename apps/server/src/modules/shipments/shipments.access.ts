import { SHIPMENT_MESSAGES } from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import { visibleAmong } from '../../access/device-visibility';
import type { Db } from '../../db/client';
import { forbidden, invalidField } from '../../errors/domain-error';
import {
  geofenceOfAccount,
  shipmentRows,
  visibleShipmentIds,
  type ShipmentRow,
} from './shipments.queries';

/**
 * Shipments need the account flag can_track_shipments (spec 002 §2.1; else 403). Every write
 * needs manage Shipments, which all but Viewers hold (spec 002 §6); without it 403.
 */
export function authorizeShipments(actor: Actor, intent: 'read' | 'write') {
  if (!actor.membership.can_track_shipments) throw forbidden(SHIPMENT_MESSAGES.notAvailable);
  if (intent === 'write') authorize(actor, 'manage', 'Shipments');
}

/**
 * One shipment of a tracker the actor sees; another account's, or one of a tracker they may
 * not see, is 404 as if it did not exist.
 */
export async function shipmentOf(
  db: Db,
  actor: Actor,
  shipmentId: number,
  intent: 'read' | 'write',
): Promise<ShipmentRow> {
  authorizeShipments(actor, intent);
  const [row] = await shipmentRows(db, actor.devices, { shipmentId });
  return found(row);
}

/** The tracker of a new shipment must be one the actor sees (422 on device_id otherwise). */
export async function checkedTracker(db: Db, actor: Actor, deviceId: number) {
  const [visible] = await visibleAmong(db, actor.devices, [deviceId]);
  if (visible === undefined) throw invalidField('device_id', SHIPMENT_MESSAGES.unknownTracker);
  return visible;
}

/** A start or end geofence must be one of the account's (422 on the field otherwise). */
export async function checkedGeofence(
  db: Db,
  actor: Actor,
  field: 'from_geofence_id' | 'to_geofence_id',
  geofenceId: number | null | undefined,
) {
  if (geofenceId == null) return null;
  const row = await geofenceOfAccount(db, actor.accountId, geofenceId);
  if (!row) throw invalidField(field, SHIPMENT_MESSAGES.unknownGeofence);
  return row.id;
}

/**
 * The ids, de-duplicated, once every one is a shipment the actor sees; otherwise 422 on ids,
 * the same for another account's id as for an unknown one, so nothing is revealed.
 */
export async function checkedShipmentIds(db: Db, actor: Actor, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const visible = await visibleShipmentIds(db, actor.devices, unique);
  if (visible.length !== unique.length) {
    throw invalidField('ids', SHIPMENT_MESSAGES.unknownShipments);
  }
  return unique;
}
