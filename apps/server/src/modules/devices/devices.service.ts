import {
  accountFeatures,
  countFleetStatuses,
  hasFleetStatus,
  listedStatuses,
  type FleetStatus,
  type DeviceDetails,
  type DeviceTriggers,
} from '@waymark/domain';
import { authorize, found, requireVisibleDevice, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { deviceListBody, type DeviceRowsOptions } from './device-lists.queries';
import { presentDeviceDetails, presentDeviceListRow } from './devices.present';
import {
  deviceIds,
  devicePage,
  deviceRow,
  deviceUsers,
  eventsPage,
  setDeviceUsers,
  setTriggers,
  updateDevice,
  type DeviceFilter,
} from './devices.queries';

/**
 * The statuses asked for, within the account's list (spec 002 §9): cancelled and blocked
 * trackers are listed only where the account may see cancelled devices, asked for or not.
 */
export function statusesFor(actor: Actor, asked: string[] | undefined) {
  const listed: readonly string[] = listedStatuses(
    accountFeatures(actor.membership).canSeeCancelledDevices,
  );
  return asked ? asked.filter((status) => listed.includes(status)) : [...listed];
}

/** Every tracker the actor sees, sorted by name, as one (shared, streamed) body. */
export function deviceList(
  ctx: AppContext,
  actor: Actor,
  options: Omit<DeviceRowsOptions, 'statuses'> & { statuses: string[] | undefined },
) {
  return deviceListBody(ctx.database.db, actor.devices, {
    ...options,
    statuses: statusesFor(actor, options.statuses),
  });
}

/** A page of the trackers the actor sees; `search` matches name, serial or address. */
export async function devicesPage(
  ctx: AppContext,
  actor: Actor,
  filter: DeviceFilter,
  page: { limit: number; offset: number },
) {
  const statuses = statusesFor(actor, filter.statuses);
  const { rows, total } = await devicePage(
    ctx.database.db,
    actor.devices,
    { ...filter, statuses },
    page,
  );
  return { rows: rows.map(presentDeviceListRow), total };
}

/** Enough for every tracker of the largest fleet: the fleet statuses are read in JS. */
const WHOLE_FLEET = { limit: 10_000_000, offset: 0 };

/**
 * A page of the trackers in one fleet status (the list's chips): the status is a rule of
 * `@waymark/domain` over the presented tracker, the same one the web app's chips apply, so the
 * filter runs here rather than in SQL, over the trackers the other filters leave.
 */
export async function devicesPageInStatus(
  ctx: AppContext,
  actor: Actor,
  filter: DeviceFilter,
  status: FleetStatus,
  page: { limit: number; offset: number },
  now = new Date(),
) {
  const { rows } = await devicesPage(ctx, actor, filter, WHOLE_FLEET);
  const inStatus = rows.filter((d) => hasFleetStatus(d, status, now));
  return { rows: inStatus.slice(page.offset, page.offset + page.limit), total: inStatus.length };
}

/** How many of the trackers the actor sees (in the listed statuses) are in each fleet status. */
export async function fleetStatusCounts(
  ctx: AppContext,
  actor: Actor,
  filter: DeviceFilter,
  now = new Date(),
) {
  const { rows } = await devicesPage(ctx, actor, filter, WHOLE_FLEET);
  return countFleetStatuses(rows, now);
}

/** Ids of the trackers the actor sees in some groups or matching filters. */
export function deviceIdsOf(
  ctx: AppContext,
  actor: Actor,
  filter: DeviceFilter & { groupIds?: number[] | undefined },
) {
  const statuses = statusesFor(actor, filter.statuses);
  return deviceIds(ctx.database.db, actor.devices, { ...filter, statuses });
}

async function details(db: Db, deviceId: number): Promise<DeviceDetails> {
  const row = found(await deviceRow(db, deviceId));
  return presentDeviceDetails(row, await deviceUsers(db, row.device.account_id, deviceId));
}

/** Everything the tracker details screen shows about one tracker the actor sees (else 404). */
export async function deviceDetails(ctx: AppContext, actor: Actor, deviceId: number) {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  return details(ctx.database.db, deviceId);
}

/** Renames a tracker or changes its note (update Devices). */
export async function changeDevice(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  body: Parameters<typeof updateDevice>[2],
) {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  authorize(actor, 'update', 'Devices');
  await updateDevice(db, deviceId, body);
  const changed = await details(db, deviceId);
  deviceChanged(ctx, changed);
  return changed;
}

/** Chooses which users may see the tracker besides full-access members (manage Users). */
export async function chooseDeviceUsers(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  userIds: number[],
) {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  authorize(actor, 'manage', 'Users');
  await setDeviceUsers(db, actor.accountId, deviceId, userIds);
  return deviceUsers(db, actor.accountId, deviceId);
}

/** A tracker's events, newest first. */
export async function deviceEvents(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  page: Parameters<typeof eventsPage>[2],
) {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  return eventsPage(ctx.database.db, deviceId, page);
}

/** Temperature and humidity SLA bounds of a tracker the actor sees. */
export async function deviceTriggers(ctx: AppContext, actor: Actor, deviceId: number) {
  return (await deviceDetails(ctx, actor, deviceId)).triggers;
}

/** Sets the SLA bounds (update Devices); each minimum must not be above its maximum. */
export async function changeDeviceTriggers(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  t: DeviceTriggers,
) {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  authorize(actor, 'update', 'Devices');
  if (
    t.min_temperature !== null &&
    t.max_temperature !== null &&
    t.min_temperature > t.max_temperature
  ) {
    throw invalidField('min_temperature', 'The minimum must not be above the maximum');
  }
  if (t.min_humidity !== null && t.max_humidity !== null && t.min_humidity > t.max_humidity) {
    throw invalidField('min_humidity', 'The minimum must not be above the maximum');
  }
  await setTriggers(db, deviceId, t);
  const changed = await details(db, deviceId);
  deviceChanged(ctx, changed);
  return changed.triggers;
}

/** Tells the bus a tracker changed, so the pipeline reads its name and SLA bounds afresh. */
export function deviceChanged(
  ctx: Pick<AppContext, 'bus'>,
  device: Pick<DeviceDetails, 'id' | 'account_id' | 'serial'>,
) {
  ctx.bus.publish('device.changed', {
    account_id: device.account_id,
    device_id: device.id,
    serials: [device.serial],
  });
}
