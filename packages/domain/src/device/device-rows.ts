import { z } from 'zod';
import type { CurrentPosition } from '../position/position.schema';
import type { DeviceListItem } from './device.schema';

/**
 * The compact form of the two big list calls (`format=rows` on device-list and
 * current-positions): one array per tracker under a single list of field names, times as
 * epoch milliseconds. An account may have 100,000 trackers; without repeating every key and
 * ISO time per row, the list is about a third of the size and much cheaper to build and parse.
 */
export const rowsEnvelopeSchema = z.object({
  fields: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
});
export type RowsEnvelope = z.infer<typeof rowsEnvelopeSchema>;

/** Device fields of a device-list row, in order. */
export const DEVICE_ROW_FIELDS = [
  'id',
  'name',
  'serial',
  'note',
  'model_id',
  'model_title',
  'expected_report_minutes',
  'subscription_status',
  'group_ids',
  'low_battery',
  'charging',
  'sos',
  'overspeed',
] as const;

/**
 * Position fields, in order: after the device fields in device-list rows (all null for a
 * tracker without a position), after `device_id` in current-positions rows. Times are epoch ms.
 */
export const POSITION_ROW_FIELDS = [
  'lat',
  'lng',
  'timestamp',
  'fix',
  'speed',
  'course',
  'altitude',
  'accuracy',
  'battery',
  'temperature',
  'humidity',
  'odometer',
  'address',
  'is_inside_geofences',
  'last_movement_time',
  'last_movement_time_without_cell',
  'position_charging',
] as const;

/** 'YYYY-MM-DDTHH:MM:SS.' by second since the epoch: a list's times repeat the same seconds. */
const secondPrefixes = new Map<number, string>();
const SECOND_PREFIXES_MAX = 200_000;
/** '000Z' … '999Z'. */
const MILLIS_SUFFIXES = Array.from({ length: 1000 }, (_, ms) => `${String(ms).padStart(3, '0')}Z`);

/**
 * `new Date(ms).toISOString()`, several times faster: decoding 100,000 rows means 300,000 of
 * them, and building them was most of the decoding time. Each is two cached pieces joined:
 * the second (most of a fleet reported within the same hour) and the milliseconds.
 */
export function isoOfMs(ms: number): string {
  if (!Number.isInteger(ms)) return new Date(ms).toISOString();
  const second = Math.floor(ms / 1000);
  let prefix = secondPrefixes.get(second);
  if (prefix === undefined) {
    if (secondPrefixes.size >= SECOND_PREFIXES_MAX) secondPrefixes.clear();
    prefix = new Date(second * 1000).toISOString().slice(0, -4);
    secondPrefixes.set(second, prefix);
  }
  return prefix + MILLIS_SUFFIXES[ms - second * 1000]!;
}

const iso = (ms: unknown) => (typeof ms === 'number' ? isoOfMs(ms) : null);

type Getter = (row: readonly unknown[]) => unknown;

/** Reads fields by name, so a server that adds or reorders fields still decodes. */
export function getters(fields: readonly string[]) {
  const index = new Map(fields.map((f, i) => [f, i]));
  return (name: string): Getter => {
    const i = index.get(name);
    return i === undefined ? () => null : (row) => row[i] ?? null;
  };
}

function positionReader(field: (name: string) => Getter, deviceId: Getter) {
  const f = Object.fromEntries(POSITION_ROW_FIELDS.map((name) => [name, field(name)])) as Record<
    (typeof POSITION_ROW_FIELDS)[number],
    Getter
  >;
  return (row: readonly unknown[]): CurrentPosition | null => {
    const timestamp = f.timestamp(row);
    if (typeof timestamp !== 'number') return null;
    const lat = f.lat(row) as number;
    const lng = f.lng(row) as number;
    return {
      device_id: deviceId(row) as number,
      location: [lng, lat],
      lat,
      lng,
      timestamp: isoOfMs(timestamp),
      fix: f.fix(row) as CurrentPosition['fix'],
      speed: f.speed(row) as number | null,
      course: f.course(row) as number | null,
      altitude: f.altitude(row) as number | null,
      accuracy: f.accuracy(row) as number | null,
      battery: f.battery(row) as number | null,
      temperature: f.temperature(row) as number | null,
      humidity: f.humidity(row) as number | null,
      odometer: f.odometer(row) as number | null,
      address: f.address(row) as string | null,
      is_inside_geofences: f.is_inside_geofences(row) === true,
      last_movement_time: iso(f.last_movement_time(row)),
      last_movement_time_without_cell: iso(f.last_movement_time_without_cell(row)),
      charging: f.position_charging(row) as boolean | null,
    };
  };
}

/** device-list `format=rows` back into the items the default form sends. */
export function decodeDeviceRows(envelope: RowsEnvelope): DeviceListItem[] {
  const field = getters(envelope.fields);
  const id = field('id');
  const name = field('name');
  const serial = field('serial');
  const note = field('note');
  const modelId = field('model_id');
  const modelTitle = field('model_title');
  const expected = field('expected_report_minutes');
  const status = field('subscription_status');
  const groups = field('group_ids');
  const lowBattery = field('low_battery');
  const charging = field('charging');
  const sos = field('sos');
  const overspeed = field('overspeed');
  const position = positionReader(field, id);
  return envelope.rows.map((row) => ({
    id: id(row) as number,
    name: name(row) as string,
    serial: serial(row) as string,
    note: note(row) as string | null,
    model_id: modelId(row) as number,
    model_title: modelTitle(row) as string,
    expected_report_minutes: expected(row) as number,
    subscription_status: status(row) as DeviceListItem['subscription_status'],
    group_ids: (groups(row) as number[] | null) ?? [],
    low_battery: lowBattery(row) === true,
    charging: charging(row) === true,
    sos: sos(row) === true,
    overspeed: overspeed(row) === true,
    current_position: position(row),
  }));
}

/** current-positions `format=rows` back into positions. */
export function decodePositionRows(envelope: RowsEnvelope): CurrentPosition[] {
  const field = getters(envelope.fields);
  const read = positionReader(field, field('device_id'));
  return envelope.rows.map(read).filter((p): p is CurrentPosition => p !== null);
}
