import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { objectOf, valueOf, type Field } from '../../db/json-text';
import { textRowBatches, type TextColumnQuery } from '../../db/text-rows';
import { dataList } from '../../http/json-list';
import { SharedJson } from '../../http/shared-json';
import type { DeviceScope } from '../../access/device-visibility';
import type { PartsWanted } from './shipment-parts';
import { filterConditions, type ShipmentFilter } from './shipments.queries';

/**
 * The list page's body, `{ data: Shipment[] }`, with each shipment's JSON written by
 * PostgreSQL (db/json-text.ts), as the trackers screen's lists are. At 10,000 shipments,
 * reading their thirty-odd values into JavaScript, presenting them and serialising them again
 * was most of the call (bench:shipments); here Node passes texts on to gzip and the socket.
 * It answers what presentShipment answers for the same rows (shipment-list-text.test.ts holds
 * them equal), for the parts the list asks: the tracker, the geofences, the current position.
 */
export function shipmentListBody(
  db: Db,
  scope: DeviceScope,
  filter: ShipmentFilter,
  wanted: Pick<PartsWanted, 'includeDevice' | 'withGeofences' | 'withCurrentPosition'>,
): SharedJson {
  const fields: Field[] = [...SHIPMENT_FIELDS];
  if (wanted.includeDevice) fields.push({ name: 'device', column: DEVICE, kind: 'raw' });
  if (wanted.withGeofences) {
    fields.push({ name: 'from_geofence', column: fenceObject('from_fence'), kind: 'raw' });
    fields.push({ name: 'to_geofence', column: fenceObject('to_fence'), kind: 'raw' });
  }
  if (wanted.withCurrentPosition) {
    fields.push({ name: 'current_position', column: CURRENT_POSITION, kind: 'raw' });
  }
  const query = listQuery(objectOf(fields), scope, filter);
  return new SharedJson(dataList(textRowBatches(db, textQuery(db, query))));
}

const dialect = new PgDialect();

/** A query of one text column `j`, as textRowBatches takes it. */
function textQuery(db: Db, query: SQL): TextColumnQuery {
  return {
    toSQL: () => dialect.sqlToQuery(query),
    then: (resolve, reject) => queryRows<{ j: string }>(db, query).then(resolve, reject),
  };
}

const column = (name: string) => sql.raw(`shipments.${name}`);
const field = (name: string, kind: Field['kind']): Field => ({ name, column: column(name), kind });

/** The shipment's own fields, as presentShipment writes them. */
const SHIPMENT_FIELDS: readonly Field[] = [
  field('id', 'int'),
  field('account_id', 'int'),
  field('name', 'text'),
  field('carrier', 'text'),
  field('status', 'text'),
  field('start_at', 'time'),
  field('end_at', 'time'),
  field('estimated_end_at', 'time'),
  field('ended_at', 'time'),
  field('device_id', 'int'),
  field('from_geofence_id', 'int'),
  field('from_address', 'json'),
  field('to_geofence_id', 'int'),
  field('to_address', 'json'),
  field('notify_at', 'int'),
  field('notification_emails', 'json'),
  field('notification_phone_numbers', 'json'),
  field('uuid', 'text'),
  field('archived_at', 'time'),
  field('created_at', 'time'),
  field('updated_at', 'time'),
];

const DEVICE = objectOf([
  { name: 'id', column: sql.raw('devices.id'), kind: 'int' },
  { name: 'name', column: sql.raw('devices.name'), kind: 'text' },
]);

/**
 * A geofence as presentFence writes it: a stored shape that is not a polygon reads as none
 * (geofences are written through the polygon schema; older kinds of shape are what is left).
 */
function fenceObject(alias: string): SQL {
  const at = (name: string) => sql.raw(`${alias}.${name}`);
  const polygon = sql`(${at('geo_json')}->>'type' = 'Polygon'
    AND jsonb_typeof(${at('geo_json')}->'coordinates') = 'array')`;
  const fields: Field[] = [
    { name: 'id', column: at('id'), kind: 'int' },
    { name: 'name', column: at('name'), kind: 'text' },
    { name: 'address', column: at('address'), kind: 'text' },
    { name: 'lat', column: at('lat'), kind: 'float' },
    { name: 'lng', column: at('lng'), kind: 'float' },
    { name: 'radius', column: at('radius'), kind: 'float' },
    { name: 'is_irregular', column: sql`(${at('is_irregular')} AND ${polygon})`, kind: 'bool' },
    {
      name: 'geo_json',
      column: sql`CASE WHEN ${polygon} THEN ${at('geo_json')} END`,
      kind: 'json',
    },
  ];
  return sql`CASE WHEN ${at('id')} IS NULL THEN 'null' ELSE ${objectOf(fields)} END`;
}

/** A point as presentPoint writes it, from the columns of `alias`. */
function pointObject(alias: string): SQL {
  const at = (name: string) => sql.raw(`${alias}.${name}`);
  const lng = valueOf({ name: 'lng', column: at('lng'), kind: 'float' }, 'iso');
  const lat = valueOf({ name: 'lat', column: at('lat'), kind: 'float' }, 'iso');
  return objectOf([
    { name: 'location', column: sql`'[' || ${lng} || ',' || ${lat} || ']'`, kind: 'raw' },
    { name: 'timestamp', column: at('fix_time'), kind: 'time' },
    { name: 'speed', column: at('speed'), kind: 'float' },
    { name: 'fix', column: at('fix'), kind: 'text' },
    { name: 'address', column: at('address'), kind: 'text' },
  ]);
}

/**
 * Where the tracker is, as shipmentParts answers it: the newest position of an ongoing
 * shipment's tracker; for a finished one, where it was when the shipment ended.
 */
const CURRENT_POSITION = sql`CASE
  WHEN shipments.ended_at IS NULL
    THEN CASE WHEN current_pos.device_id IS NULL THEN 'null' ELSE ${pointObject('current_pos')} END
  ELSE CASE WHEN ended_pos.fix_time IS NULL THEN 'null' ELSE ${pointObject('ended_pos')} END
END`;

/**
 * The shipments in the list's order first (narrow rows: id and start), then each one's JSON
 * written in that order. A sort over the written JSON (about 900 bytes a shipment) spilled to
 * disk at 10,000 shipments and held every row back until the last was written; sorted first,
 * the rows stream out as the database writes them, to gzip and the socket (bench:shipments).
 */
function listQuery(text: SQL, scope: DeviceScope, filter: ShipmentFilter): SQL {
  return sql`SELECT written.j FROM (
      SELECT shipments.id, shipments.start_at FROM shipments
      JOIN devices ON devices.id = shipments.device_id
      WHERE ${filterConditions(scope, filter)}
      ORDER BY shipments.start_at DESC, shipments.id DESC) listed
    CROSS JOIN LATERAL (
      SELECT ${text} AS j
      FROM shipments
      JOIN devices ON devices.id = shipments.device_id
      LEFT JOIN geofences from_fence ON from_fence.id = shipments.from_geofence_id
      LEFT JOIN geofences to_fence ON to_fence.id = shipments.to_geofence_id
      LEFT JOIN current_positions current_pos
        ON shipments.ended_at IS NULL AND current_pos.device_id = shipments.device_id
      LEFT JOIN LATERAL (
        SELECT fix_time, lat, lng, speed, fix, address FROM positions
        WHERE shipments.ended_at IS NOT NULL AND positions.device_id = shipments.device_id
          AND positions.fix_time <= shipments.ended_at AND positions.filter_reason IS NULL
        ORDER BY fix_time DESC LIMIT 1) ended_pos ON true
      WHERE shipments.id = listed.id) written
    ORDER BY listed.start_at DESC, listed.id DESC`;
}
