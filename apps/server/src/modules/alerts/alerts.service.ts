import type { NotificationSettingsUpdate } from '@waymark/domain';
import { found, requireVisibleDevice, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { eventRows, storedSettings, writeSettings, type EventFilter } from './alerts.queries';
import { eventsCsv, presentAlertEvent, presentSettings } from './alerts.present';

/** The actor's notification settings in the account: every code, stored or default. */
export async function notificationSettingsOf(ctx: AppContext, actor: Actor) {
  return presentSettings(await storedSettings(ctx.database.db, actor.user.id, actor.accountId));
}

/**
 * Stores the codes sent (the schema let through only codes of spec 001 §3 with 0 or 1); the
 * others keep their values. Answers every code after the change.
 */
export async function storeNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  update: NotificationSettingsUpdate,
) {
  const settings = update.settings.map((s) => ({ code: s.code, value: s.value === 1 ? 1 : 0 }));
  await writeSettings(ctx.database.db, actor.user.id, actor.accountId, settings);
  return notificationSettingsOf(ctx, actor);
}

/** Recent Alerts: the account's events on trackers the actor sees, newest first. */
export async function accountEvents(
  ctx: AppContext,
  actor: Actor,
  filter: EventFilter,
  page: { limit: number; offset: number },
) {
  const { db } = ctx.database;
  if (filter.deviceId !== undefined) await requireVisibleDevice(db, actor, filter.deviceId);
  const { rows, total } = await eventRows(db, actor.devices, filter, page);
  return { rows: rows.map(presentAlertEvent), total };
}

async function eventRow(ctx: AppContext, actor: Actor, eventId: number) {
  const { rows } = await eventRows(ctx.database.db, actor.devices, { eventId });
  return found(rows[0]);
}

/** One event of a tracker the actor sees; 404 for another account's or an invisible one. */
export async function accountEvent(ctx: AppContext, actor: Actor, eventId: number) {
  return presentAlertEvent(await eventRow(ctx, actor, eventId));
}

/** One event as a spreadsheet (the event download by id). */
export async function accountEventCsv(
  ctx: AppContext,
  actor: Actor,
  eventId: number,
  offset: number,
) {
  return eventsCsv([await eventRow(ctx, actor, eventId)], offset);
}

/** A tracker's events in a range as a spreadsheet (the device's event download). */
export async function deviceEventsCsv(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: { from?: Date | undefined; to?: Date | undefined },
  offset: number,
) {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  const { rows } = await eventRows(db, actor.devices, { deviceId, ...range });
  return eventsCsv(rows, offset);
}
