import { onTime } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { clockOfRow, factsOfRow } from './shipment-clock.rows';
import { dueShipmentIds, unqueuedNotificationIds } from './shipment-clock.queries';
import { queueNotifications, writeTransitions, type Transition } from './shipment-transitions';
import { ongoingShipmentRows } from './shipments.queries';

/** How long a notification may wait for its job before the clock queues it itself. */
const UNQUEUED_GRACE_MS = 60_000;

/**
 * The scheduled half of the shipment clock, every minute: shipments whose deadline or notify
 * time has come move on though their tracker is silent (positions move the others as they
 * come), and notifications whose job was never queued (the process stopped in between) are
 * queued now.
 */
export async function runShipmentClock(
  ctx: Pick<AppContext, 'database' | 'bus' | 'jobs'>,
  now = new Date(),
) {
  const { db } = ctx.database;
  const ids = await dueShipmentIds(db, now);
  const rows = ids.length > 0 ? await ongoingShipmentRows(db, { ids }) : [];
  const transitions: Transition[] = [];
  for (const row of rows) {
    const { clock, events } = onTime(clockOfRow(row), now.getTime());
    if (events.length > 0) transitions.push({ facts: factsOfRow(row), clock, events });
  }
  await writeTransitions(ctx, transitions);
  const stranded = await unqueuedNotificationIds(db, new Date(now.getTime() - UNQUEUED_GRACE_MS));
  await queueNotifications(ctx, stranded);
}
