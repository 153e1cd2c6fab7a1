import { shipmentListBody } from './shipment-list-text';
import {
  catchUp,
  endByHand,
  onScheduleChange,
  SHIPMENT_MESSAGES,
  type ArrivalPrediction,
  type Shipment,
  type ShipmentClock,
  type ClockStep,
  type ShipmentCreate,
  type ShipmentListKey,
  type ShipmentStatus,
  type ShipmentUpdate,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { conflict, invalidField } from '../../errors/domain-error';
import { clockOfRow, factsOfRow } from './shipment-clock.rows';
import {
  fixesBetween,
  lastFixBefore,
  predictionRow,
  recordPredictions,
  type ShipmentWrite,
} from './shipment-clock.queries';
import { shipmentsChanged, writeTransitions } from './shipment-transitions';
import {
  authorizeShipments,
  checkedGeofence,
  checkedShipmentIds,
  checkedTracker,
  shipmentOf,
} from './shipments.access';
import { shipmentParts, type PartsWanted } from './shipment-parts';
import { presentShipment } from './shipments.present';
import { deleteShipments, insertShipment, setArchived, shipmentRows } from './shipments.queries';

export interface ListOptions {
  /** Shipments starting in this range. */
  from?: Date | undefined;
  to?: Date | undefined;
  key: ShipmentListKey;
  statuses?: ShipmentStatus[] | undefined;
  search?: string | undefined;
}

/** The actor's shipments of one tab, newest start first, with the parts asked for. */
export async function listShipments(
  ctx: AppContext,
  actor: Actor,
  options: ListOptions,
  wanted: PartsWanted = {},
): Promise<Shipment[]> {
  authorizeShipments(actor, 'read');
  const rows = await shipmentRows(ctx.database.db, actor.devices, options);
  const parts = await shipmentParts(ctx.database.db, rows, wanted);
  return rows.map((row) => presentShipment(row, parts));
}

/**
 * The list page's body: listShipments as JSON written by the database, for the parts the page
 * asks (the tracker, the geofences, the current position).
 */
export function shipmentListJson(
  ctx: AppContext,
  actor: Actor,
  options: ListOptions,
  wanted: PartsWanted,
) {
  authorizeShipments(actor, 'read');
  return shipmentListBody(ctx.database.db, actor.devices, options, wanted);
}

/** One shipment of a tracker the actor sees (404 otherwise), with the parts asked for. */
export async function shipmentDetails(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
  wanted: PartsWanted = {},
): Promise<Shipment> {
  const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'read');
  return presentShipment(row, await shipmentParts(ctx.database.db, [row], wanted));
}

/** What a write answers: the shipment with its tracker and geofences. */
const written = (ctx: AppContext, actor: Actor, id: number) =>
  shipmentDetails(ctx, actor, id, { includeDevice: true, withGeofences: true });

/**
 * Plans a shipment of a tracker the actor sees, between geofences of the account or custom
 * addresses. Its clock starts at once: a shipment whose end has passed is late already.
 */
export async function createShipment(ctx: AppContext, actor: Actor, body: ShipmentCreate) {
  authorizeShipments(actor, 'write');
  const { db } = ctx.database;
  const deviceId = await checkedTracker(db, actor, body.device_id);
  const fromGeofence = await checkedGeofence(db, actor, 'from_geofence_id', body.from_geofence_id);
  const toGeofence = await checkedGeofence(db, actor, 'to_geofence_id', body.to_geofence_id);
  const id = await insertShipment(db, {
    account_id: actor.accountId,
    device_id: deviceId,
    name: body.name,
    carrier: body.carrier ?? null,
    start_at: body.start_at,
    end_at: body.end_at,
    from_geofence_id: fromGeofence,
    from_address: fromGeofence ? null : (body.from_address ?? null),
    to_geofence_id: toGeofence,
    to_address: toGeofence ? null : (body.to_address ?? null),
    notify_at: body.notify_at,
    notification_emails: body.notification_emails ?? [],
    notification_phone_numbers: body.notification_phone_numbers ?? [],
  });
  await catchUpOnCreate(ctx, actor, id, deviceId, body.start_at);
  return written(ctx, actor, id);
}

/**
 * Edits the fields the edit form sends (the tracker and the locations stay). A new schedule
 * is applied to the clock at once: late by the old end only, the shipment is on time again.
 */
export async function updateShipment(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
  body: ShipmentUpdate,
) {
  const changes: ShipmentWrite = {};
  for (const key of Object.keys(body) as (keyof ShipmentUpdate)[]) {
    if (body[key] !== undefined) Object.assign(changes, { [key]: body[key] });
  }
  await changeClock(
    ctx,
    actor,
    shipmentId,
    (clock) => {
      const startAt = body.start_at?.getTime() ?? clock.startAt;
      const endAt = body.end_at?.getTime() ?? clock.endAt;
      // One date may come alone: it must still fit the other one as stored.
      if (endAt <= startAt) throw invalidField('end_at', SHIPMENT_MESSAGES.endBeforeStart);
      const notifyAtHours = body.notify_at ?? clock.notifyAtHours;
      return onScheduleChange({ ...clock, startAt, endAt, notifyAtHours }, Date.now());
    },
    changes,
  );
  return written(ctx, actor, shipmentId);
}

/** The End action: finishes the shipment at once (spec 001 §4); ending it again changes nothing. */
export async function endShipment(ctx: AppContext, actor: Actor, shipmentId: number) {
  await changeClock(ctx, actor, shipmentId, (clock) => endByHand(clock, Date.now()));
  return written(ctx, actor, shipmentId);
}

export async function removeShipment(ctx: AppContext, actor: Actor, shipmentId: number) {
  const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'write');
  await deleteShipments(ctx.database.db, [shipmentId]);
  shipmentsChanged(ctx, [{ id: shipmentId, accountId: row.shipment.account_id }]);
}

/** Moves shipments to the Archived tab or back to General; answers the ids that moved. */
export async function archiveShipments(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
  archive: boolean,
) {
  authorizeShipments(actor, 'write');
  const { db } = ctx.database;
  const moved = await setArchived(
    db,
    await checkedShipmentIds(db, actor, ids),
    archive ? new Date() : null,
  );
  shipmentsChanged(
    ctx,
    moved.map((id) => ({ id, accountId: actor.accountId })),
  );
  return moved;
}

/** Deletes the shipments among `ids` that are in the tab `key`; answers the ids deleted. */
export async function removeShipments(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
  key: ShipmentListKey,
) {
  authorizeShipments(actor, 'write');
  const { db } = ctx.database;
  const deleted = await deleteShipments(db, await checkedShipmentIds(db, actor, ids), key);
  shipmentsChanged(
    ctx,
    deleted.map((id) => ({ id, accountId: actor.accountId })),
  );
  return deleted;
}

/**
 * A new shipment's clock starts at once. Planned with a start in the past, it first catches up
 * on its tracker's fixes since then, so it may have begun, arrived or run late already, each
 * event at the time it happened, and the predictions made on the way are kept. Written even
 * when nothing happens yet: the write tells the clock of the new shipment.
 */
async function catchUpOnCreate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  deviceId: number,
  startAt: Date,
) {
  const now = Date.now();
  const past = startAt.getTime() < now;
  const fixes = past ? await fixesBetween(ctx.database.db, deviceId, startAt, new Date(now)) : [];
  // Where the tracker was when the shipment started: it left the start or started away.
  const before = past ? await lastFixBefore(ctx.database.db, deviceId, startAt) : null;
  let predictions: ArrivalPrediction[] = [];
  await changeClock(
    ctx,
    actor,
    id,
    (clock) => {
      const step = catchUp(clock, fixes, now, before);
      predictions = step.predictions;
      return step;
    },
    {},
  );
  await recordPredictions(
    ctx.database.db,
    predictions.map((p) => predictionRow(id, p)),
  );
}

/** Tries a write a few times: the clock may move the shipment on between the read and it. */
const ATTEMPTS = 3;

/**
 * Reads the shipment (404 for one the actor may not change), applies `step` to its clock and
 * writes the result with `changes` over the version read; read again if the clock wrote first.
 */
async function changeClock(
  ctx: AppContext,
  actor: Actor,
  shipmentId: number,
  step: (clock: ShipmentClock) => ClockStep,
  changes?: ShipmentWrite,
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await shipmentOf(ctx.database.db, actor, shipmentId, 'write');
    const before = clockOfRow(row);
    const { clock, events } = step(before);
    if (!changes && events.length === 0 && clock.status === before.status) return;
    const done = await writeTransitions(ctx, [
      { facts: factsOfRow(row), clock, events, ...(changes ? { changes } : {}) },
    ]);
    if (done.has(shipmentId)) return;
  }
  throw conflict('The shipment changed while it was being saved; please try again');
}
