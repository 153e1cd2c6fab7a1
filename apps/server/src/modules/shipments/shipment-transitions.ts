import {
  describeShipmentEvent,
  type ApiDeviceEvent,
  type ShipmentClock,
  type ShipmentHappening,
} from '@waymark/domain';
import type { Database } from '../../db/client';
import type { Bus } from '../../events/bus';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/job-queue';
import type { ShipmentFacts } from './shipment-clock.rows';
import {
  insertEvents,
  insertNotifications,
  markQueued,
  writeAtVersion,
  type EventInsert,
  type NotificationInsert,
  type ShipmentWrite,
} from './shipment-clock.queries';

/** A change of one shipment: its new clock, what happened, and what else the write sets. */
export interface Transition {
  facts: ShipmentFacts;
  clock: ShipmentClock;
  /** What happened: at a fix, each carries where the tracker was. */
  events: readonly ShipmentHappening[];
  /** Columns an edit changes in the same write. */
  changes?: ShipmentWrite;
}

/**
 * What writing shipment changes needs: the database, the bus and the job queue (a part of the
 * AppContext, named here so the clock the context holds does not depend on the context).
 */
export interface ShipmentWriter {
  database: Database;
  bus: Bus;
  jobs: JobQueue<JobPayloads>;
}
type Ctx = ShipmentWriter;

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The clock's fields as columns. */
function clockColumns(clock: ShipmentClock): ShipmentWrite {
  return {
    status: clock.status,
    began_at: dateOrNull(clock.beganAt),
    ended_at: dateOrNull(clock.endedAt),
    notified_at: dateOrNull(clock.notifiedAt),
    estimated_end_at: dateOrNull(clock.estimatedEndAt),
  };
}

/**
 * Writes the transitions in one database transaction, each only over the version it was read
 * at: its columns, and each event among the shipment's and the tracker's events with one
 * notification per e-mail address and phone number. After the commit, the tracker events go
 * out on the bus (the realtime events channel), `shipment.changed` tells the clock's index, and
 * the notifications are queued as jobs. Answers the ids of the shipments written; the others
 * changed meanwhile and must be read again.
 */
export async function writeTransitions(
  ctx: Ctx,
  transitions: readonly Transition[],
): Promise<Set<number>> {
  const written = new Set<number>();
  if (transitions.length === 0) return written;
  const published: { account_id: number; event: ApiDeviceEvent }[] = [];
  let notificationIds: number[] = [];

  await ctx.database.db.transaction(async (tx) => {
    const events: EventInsert[] = [];
    const recipients: (typeof transitions)[number]['facts'][] = [];
    for (const t of transitions) {
      const values = { ...t.changes, ...clockColumns(t.clock) };
      if (!(await writeAtVersion(tx, t.facts.id, t.facts.version, values))) continue;
      written.add(t.facts.id);
      const names = { ...t.facts.names, shipment: t.changes?.name ?? t.facts.names.shipment };
      for (const happening of t.events) {
        events.push({
          accountId: t.facts.accountId,
          deviceId: t.facts.deviceId,
          shipmentId: t.facts.id,
          type: happening.type,
          description: describeShipmentEvent(happening, names),
          at: new Date(happening.at),
          lat: happening.lat ?? null,
          lng: happening.lng ?? null,
        });
        recipients.push({
          ...t.facts,
          emails: t.changes?.notification_emails ?? t.facts.emails,
          phones: t.changes?.notification_phone_numbers ?? t.facts.phones,
        });
      }
    }
    const ids = await insertEvents(tx, events);
    const notifications: NotificationInsert[] = [];
    events.forEach((e, i) => {
      const { deviceEventId, shipmentEventId } = ids[i]!;
      published.push({
        account_id: e.accountId,
        event: {
          id: deviceEventId,
          device_id: e.deviceId,
          event_type: e.type,
          description: e.description,
          created_at: e.at.toISOString(),
          lat: e.lat,
          lng: e.lng,
        },
      });
      const to = recipients[i]!;
      for (const recipient of to.emails)
        notifications.push({ shipmentEventId, channel: 'email', recipient });
      for (const recipient of to.phones)
        notifications.push({ shipmentEventId, channel: 'sms', recipient });
    });
    notificationIds = await insertNotifications(tx, notifications);
  });

  if (published.length > 0) ctx.bus.publish('device-events.created', { events: published });
  shipmentsChanged(
    ctx,
    transitions.filter((t) => written.has(t.facts.id)).map((t) => t.facts),
  );
  await queueNotifications(ctx, notificationIds);
  return written;
}

/** Queues one job per notification; one left unqueued is picked up by the scheduled clock. */
export async function queueNotifications(ctx: Ctx, ids: readonly number[]) {
  if (ids.length === 0) return;
  for (const notification_id of ids) {
    await ctx.jobs.enqueue('shipment-notification', { notification_id });
  }
  await markQueued(ctx.database.db, ids);
}

/** Tells the bus which shipments changed, by account. */
export function shipmentsChanged(
  ctx: Pick<ShipmentWriter, 'bus'>,
  changed: readonly { id: number; accountId: number }[],
) {
  const byAccount = new Map<number, number[]>();
  for (const { id, accountId } of changed) {
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id]);
  }
  for (const [account_id, shipment_ids] of byAccount) {
    ctx.bus.publish('shipment.changed', { account_id, shipment_ids });
  }
}
