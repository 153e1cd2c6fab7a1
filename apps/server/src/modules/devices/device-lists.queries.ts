import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEVICE_ROW_FIELDS, POSITION_ROW_FIELDS } from '@waymark/domain';
import type { Db } from '../../db/client';
import { currentPositions, devices, models, subscriptions } from '../../db/schema';
import { textRowBatches } from '../../db/text-rows';
import { SharedJsonBodies, type SharedJson } from '../../http/shared-json';
import {
  visibilityKey,
  visibleDevices,
  visibleDevicesAmong,
  type DeviceScope,
} from '../../access/device-visibility';
import { dataList } from '../../http/json-list';
import { arrayOf, objectOf, valueOf, type Field } from '../../db/json-text';

/** One set of shared bodies per database (tests run several in one process). */
const sharedBodies = new WeakMap<Db, SharedJsonBodies>();
function shared(db: Db) {
  let bodies = sharedBodies.get(db);
  if (!bodies) sharedBodies.set(db, (bodies = new SharedJsonBodies()));
  return bodies;
}

/**
 * The trackers screen's two big lists, with each tracker's JSON written by PostgreSQL. At
 * 100,000 trackers, reading some 30 values per row into JavaScript and serialising them again
 * costs seconds on the event loop; as one text per row the database does the work (on its own
 * core) and Node only passes the texts on, as they come, to gzip and the socket. Both forms
 * come from one field list: the default objects, and `format=rows` (one array per tracker,
 * times as epoch milliseconds).
 */

const p = currentPositions;
const positionFields: Record<(typeof POSITION_ROW_FIELDS)[number], Field> = {
  lat: { name: 'lat', column: p.lat, kind: 'float' },
  lng: { name: 'lng', column: p.lng, kind: 'float' },
  timestamp: { name: 'timestamp', column: p.fix_time, kind: 'time' },
  fix: { name: 'fix', column: p.fix, kind: 'enum' },
  speed: { name: 'speed', column: p.speed, kind: 'float' },
  course: { name: 'course', column: p.course, kind: 'float' },
  altitude: { name: 'altitude', column: p.altitude, kind: 'float' },
  accuracy: { name: 'accuracy', column: p.accuracy, kind: 'float' },
  battery: { name: 'battery', column: p.battery, kind: 'float' },
  temperature: { name: 'temperature', column: p.temperature, kind: 'float' },
  humidity: { name: 'humidity', column: p.humidity, kind: 'float' },
  odometer: { name: 'odometer', column: p.odometer, kind: 'float' },
  address: { name: 'address', column: p.address, kind: 'text' },
  is_inside_geofences: {
    name: 'is_inside_geofences',
    column: sql`cardinality(${p.geofence_ids}) > 0`,
    kind: 'bool',
  },
  last_movement_time: { name: 'last_movement_time', column: p.last_movement_time, kind: 'time' },
  last_movement_time_without_cell: {
    name: 'last_movement_time_without_cell',
    column: p.last_movement_time_without_cell,
    kind: 'time',
  },
  position_charging: { name: 'charging', column: p.charging, kind: 'bool' },
};

function deviceFields(excludeGroups: boolean): Record<(typeof DEVICE_ROW_FIELDS)[number], Field> {
  return {
    id: { name: 'id', column: devices.id, kind: 'int' },
    name: { name: 'name', column: devices.name, kind: 'text' },
    serial: { name: 'serial', column: devices.serial, kind: 'text' },
    note: { name: 'note', column: devices.note, kind: 'text' },
    model_id: { name: 'model_id', column: devices.model_id, kind: 'int' },
    model_title: { name: 'model_title', column: models.title, kind: 'text' },
    expected_report_minutes: {
      name: 'expected_report_minutes',
      column: models.expected_report_minutes,
      kind: 'int',
    },
    subscription_status: {
      name: 'subscription_status',
      column: subscriptions.status,
      kind: 'enum',
    },
    group_ids: {
      name: 'group_ids',
      column: excludeGroups ? sql`'{}'::int[]` : devices.group_ids,
      kind: 'json',
    },
    low_battery: { name: 'low_battery', column: devices.low_battery, kind: 'bool' },
    charging: { name: 'charging', column: devices.charging, kind: 'bool' },
    sos: { name: 'sos', column: devices.sos, kind: 'bool' },
    overspeed: { name: 'overspeed', column: devices.overspeed, kind: 'bool' },
  };
}

/** A current position as the default JSON object (spec 000 §3 "Position"), or 'null'. */
function positionObject(deviceId: AnyPgColumn): SQL {
  const f = positionFields;
  const fields: Field[] = [
    { name: 'device_id', column: deviceId, kind: 'int' },
    {
      name: 'location',
      column: sql`'[' || ${valueOf(f.lng, 'iso')} || ',' || ${valueOf(f.lat, 'iso')} || ']'`,
      kind: 'raw',
    },
    ...POSITION_ROW_FIELDS.map((name) => f[name]),
  ];
  return sql`CASE WHEN ${p.device_id} IS NULL THEN 'null' ELSE ${objectOf(fields)} END`;
}

export interface DeviceRowsOptions {
  statuses?: string[] | undefined;
  withPosition: boolean;
  excludeGroups: boolean;
  /** Only trackers whose model does (true) or does not (false) hear BLE beacons. */
  bleSupport?: boolean | undefined;
  format: 'objects' | 'rows';
}

/** Field names of the `format=rows` arrays for these options. */
export function deviceRowFields(options: Pick<DeviceRowsOptions, 'withPosition'>): string[] {
  return options.withPosition
    ? [...DEVICE_ROW_FIELDS, ...POSITION_ROW_FIELDS]
    : [...DEVICE_ROW_FIELDS];
}

/**
 * Every tracker the member may see, sorted by name, as device-list's body `{ data }`: an array
 * of objects, or `{ fields, rows }`.
 */
export function deviceListBody(db: Db, scope: DeviceScope, options: DeviceRowsOptions): SharedJson {
  const key = JSON.stringify(['device-list', visibilityKey(scope), options]);
  return shared(db).body(key, () => {
    const rows = textRowBatches(db, deviceListQuery(db, scope, options));
    return dataList(rows, options.format === 'rows' ? deviceRowFields(options) : undefined);
  });
}

function deviceListQuery(db: Db, scope: DeviceScope, options: DeviceRowsOptions) {
  const device = deviceFields(options.excludeGroups);
  const position = options.withPosition ? positionFields : null;
  const text =
    options.format === 'rows'
      ? arrayOf([
          ...DEVICE_ROW_FIELDS.map((name) => device[name]),
          ...(position ? POSITION_ROW_FIELDS.map((name) => position[name]) : []),
        ])
      : objectWithPosition(device, options.withPosition);
  const base = db
    .select({ j: sql<string>`${text}` })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id));
  const query = options.withPosition
    ? base.leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
    : base;
  return query
    .where(
      and(
        visibleDevices(scope),
        options.statuses ? inArray(subscriptions.status, options.statuses as never[]) : undefined,
        options.bleSupport === undefined ? undefined : eq(models.ble_support, options.bleSupport),
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id));
}

/** A device-list object: the device fields and its current_position (object or null). */
function objectWithPosition(device: ReturnType<typeof deviceFields>, withPosition: boolean) {
  const fields: Field[] = [
    ...DEVICE_ROW_FIELDS.map((name) => device[name]),
    {
      name: 'current_position',
      column: withPosition ? positionObject(devices.id) : sql`'null'`,
      kind: 'raw',
    },
  ];
  return objectOf(fields);
}

export const POSITION_ROWS_FIELDS = ['device_id', ...POSITION_ROW_FIELDS];

/**
 * Newest position of every tracker the member may see (or of some ids), as current-positions'
 * body `{ data }`: an array of positions, or `{ fields, rows }`.
 */
export function positionListBody(
  db: Db,
  scope: DeviceScope,
  deviceIds: number[] | undefined,
  format: 'objects' | 'rows',
): SharedJson {
  const key = JSON.stringify(['positions', visibilityKey(scope), deviceIds ?? null, format]);
  return shared(db).body(key, () => {
    const rows = textRowBatches(db, positionListQuery(db, scope, deviceIds, format));
    return dataList(rows, format === 'rows' ? POSITION_ROWS_FIELDS : undefined);
  });
}

function positionListQuery(
  db: Db,
  scope: DeviceScope,
  deviceIds: number[] | undefined,
  format: 'objects' | 'rows',
) {
  const text =
    format === 'rows'
      ? arrayOf([
          { name: 'device_id', column: p.device_id, kind: 'int' },
          ...POSITION_ROW_FIELDS.map((name) => positionFields[name]),
        ])
      : positionObject(p.device_id);
  return db
    .select({ j: sql<string>`${text}` })
    .from(currentPositions)
    .innerJoin(devices, eq(devices.id, currentPositions.device_id))
    .where(visibleDevicesAmong(scope, deviceIds))
    .orderBy(asc(currentPositions.device_id));
}
