import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ONGOING_SHIPMENT_STATUSES,
  type ApiPosition,
  type ShipmentAddress,
  type ShipmentListKey,
  type ShipmentStatus,
} from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accounts, devices, geofences, shipmentEvents, shipments } from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';

const fromFence = alias(geofences, 'from_fence');
const toFence = alias(geofences, 'to_fence');

const fenceColumns = (g: typeof fromFence | typeof toFence) => ({
  id: g.id,
  name: g.name,
  address: g.address,
  lat: g.lat,
  lng: g.lng,
  radius: g.radius,
  is_irregular: g.is_irregular,
  geo_json: g.geo_json,
});

/** A geofence as a shipment carries it; null when the side is an address or the fence is gone. */
export interface FenceRow {
  id: number;
  name: string;
  address: string | null;
  lat: number;
  lng: number;
  radius: number;
  is_irregular: boolean;
  geo_json: unknown;
}

/** A shipment with its tracker's name and both geofences. */
export interface ShipmentRow {
  shipment: typeof shipments.$inferSelect;
  device_name: string;
  from_fence: FenceRow | null;
  to_fence: FenceRow | null;
}

export interface ShipmentFilter {
  shipmentId?: number;
  ids?: readonly number[];
  /** Shipments starting in this range (the list's date range). */
  from?: Date | undefined;
  to?: Date | undefined;
  key?: ShipmentListKey;
  statuses?: readonly ShipmentStatus[] | undefined;
  search?: string | undefined;
}

/** The conditions of a filter, within the shipments of trackers the member sees. */
export function filterConditions(scope: DeviceScope, f: ShipmentFilter): SQL {
  const pattern = f.search ? containsPattern(f.search) : undefined;
  return and(
    eq(shipments.account_id, scope.id),
    visibleDevices(scope),
    f.shipmentId !== undefined ? eq(shipments.id, f.shipmentId) : undefined,
    f.ids ? inArray(shipments.id, [...f.ids]) : undefined,
    f.from ? sql`${shipments.start_at} >= ${f.from.toISOString()}::timestamptz` : undefined,
    f.to ? sql`${shipments.start_at} <= ${f.to.toISOString()}::timestamptz` : undefined,
    f.key === 'archived' ? isNotNull(shipments.archived_at) : undefined,
    f.key === 'general' ? isNull(shipments.archived_at) : undefined,
    f.statuses?.length ? inArray(shipments.status, [...f.statuses]) : undefined,
    pattern
      ? or(
          ilike(shipments.name, pattern),
          ilike(shipments.carrier, pattern),
          ilike(devices.name, pattern),
        )
      : undefined,
  )!;
}

/** Shipments with their tracker's name and both geofences, where `condition` holds. */
async function selectShipments(db: Db, condition: SQL | undefined): Promise<ShipmentRow[]> {
  const rows = await db
    .select({
      shipment: shipments,
      device_name: devices.name,
      from_fence: fenceColumns(fromFence),
      to_fence: fenceColumns(toFence),
    })
    .from(shipments)
    .innerJoin(devices, eq(devices.id, shipments.device_id))
    .leftJoin(fromFence, eq(fromFence.id, shipments.from_geofence_id))
    .leftJoin(toFence, eq(toFence.id, shipments.to_geofence_id))
    .where(condition)
    .orderBy(desc(shipments.start_at), desc(shipments.id));
  return rows as ShipmentRow[];
}

/** Shipments of trackers the member sees, newest start first. */
export function shipmentRows(
  db: Db,
  scope: DeviceScope,
  filter: ShipmentFilter = {},
): Promise<ShipmentRow[]> {
  return selectShipments(db, filterConditions(scope, filter));
}

/**
 * Ongoing shipments of every account, for the shipment clock: all of them, or those named,
 * those of some trackers, or those of one account.
 */
export function ongoingShipmentRows(
  db: Db,
  filter: { ids?: readonly number[]; deviceIds?: readonly number[]; accountId?: number } = {},
): Promise<ShipmentRow[]> {
  const { ids, deviceIds, accountId } = filter;
  return selectShipments(
    db,
    and(
      inArray(shipments.status, [...ONGOING_SHIPMENT_STATUSES]),
      ids ? inArray(shipments.id, [...ids]) : undefined,
      deviceIds ? inArray(shipments.device_id, [...deviceIds]) : undefined,
      accountId !== undefined ? eq(shipments.account_id, accountId) : undefined,
    ),
  );
}

/**
 * The shipment behind a public link with its end geofence, whatever its account (the caller
 * checks the flag).
 */
export async function shipmentByUuid(db: Db, uuid: string) {
  const [row] = await db
    .select({
      shipment: shipments,
      can_track_shipments: accounts.can_track_shipments,
      to_fence: fenceColumns(toFence),
    })
    .from(shipments)
    .innerJoin(accounts, eq(accounts.id, shipments.account_id))
    .leftJoin(toFence, eq(toFence.id, shipments.to_geofence_id))
    .where(eq(shipments.uuid, uuid));
  return row;
}

/** The ids among `ids` that are shipments of trackers the member sees. */
export async function visibleShipmentIds(db: Db, scope: DeviceScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .innerJoin(devices, eq(devices.id, shipments.device_id))
    .where(filterConditions(scope, { ids }));
  return rows.map((r) => r.id);
}

export type ShipmentInsert = Omit<typeof shipments.$inferInsert, 'from_address' | 'to_address'> & {
  from_address: ShipmentAddress | null;
  to_address: ShipmentAddress | null;
};

export async function insertShipment(db: Db, values: ShipmentInsert) {
  const [row] = await db.insert(shipments).values(values).returning({ id: shipments.id });
  return row!.id;
}

/** Archives (a time) or unarchives (null) the shipments; answers the ids changed. */
export async function setArchived(db: Db, ids: readonly number[], archivedAt: Date | null) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(shipments)
    .set({ archived_at: archivedAt, updated_at: new Date() })
    .where(
      and(
        inArray(shipments.id, [...ids]),
        archivedAt ? isNull(shipments.archived_at) : isNotNull(shipments.archived_at),
      ),
    )
    .returning({ id: shipments.id });
  return rows.map((r) => r.id);
}

/** Deletes the shipments (of one tab when `key` is given); answers the ids deleted. */
export async function deleteShipments(db: Db, ids: readonly number[], key?: ShipmentListKey) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(shipments)
    .where(
      and(
        inArray(shipments.id, [...ids]),
        key === 'archived' ? isNotNull(shipments.archived_at) : undefined,
        key === 'general' ? isNull(shipments.archived_at) : undefined,
      ),
    )
    .returning({ id: shipments.id });
  return rows.map((r) => r.id);
}

/** Events of the shipments, oldest first. */
export function eventRows(db: Db, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shipmentEvents)
    .where(inArray(shipmentEvents.shipment_id, [...shipmentIds]))
    .orderBy(asc(shipmentEvents.event_at), asc(shipmentEvents.id));
}

/** A point of a path or a current position, as stored. */
export interface PointRow {
  shipment_id: number;
  fix_time: Date | string;
  lat: number;
  lng: number;
  speed: number | null;
  fix: ApiPosition['fix'];
  address: string | null;
}

/** One tracker over one time window: a shipment's travelled path. */
export interface PathWindow {
  shipmentId: number;
  deviceId: number;
  from: Date;
  to: Date;
}

const windowArrays = (windows: readonly PathWindow[]) => ({
  ids: sql.param(windows.map((w) => w.shipmentId)),
  devices: sql.param(windows.map((w) => w.deviceId)),
  froms: sql.param(windows.map((w) => w.from.toISOString())),
  tos: sql.param(windows.map((w) => w.to.toISOString())),
});

/** The positions of each window, oldest first (at most `limit` in all). */
export function pathRows(db: Db, windows: readonly PathWindow[], limit = 200_000) {
  if (windows.length === 0) return Promise.resolve([] as PointRow[]);
  const w = windowArrays(windows);
  return queryRows<PointRow>(
    db,
    sql`SELECT w.shipment_id, p.fix_time, p.lat, p.lng, p.speed, p.fix, p.address
        FROM unnest(${w.ids}::int[], ${w.devices}::int[], ${w.froms}::timestamptz[],
                    ${w.tos}::timestamptz[]) AS w(shipment_id, device_id, from_t, to_t)
        JOIN positions p ON p.device_id = w.device_id AND p.fix_time >= w.from_t
          AND p.fix_time <= w.to_t AND p.filter_reason IS NULL
        ORDER BY w.shipment_id, p.fix_time
        LIMIT ${limit}`,
  );
}

/**
 * Where each shipment's tracker is: its newest position for an ongoing shipment, and for a
 * finished one where it was when the shipment ended (the tracker has moved on to other work
 * since, which is none of the shipment's business).
 */
export async function currentPointRows(
  db: Db,
  items: readonly { shipmentId: number; deviceId: number; endedAt: Date | null }[],
) {
  const ongoing = items.filter((i) => !i.endedAt);
  const ended = items.filter((i) => i.endedAt);
  const rows: PointRow[] = [];
  if (ongoing.length > 0) {
    rows.push(
      ...(await queryRows<PointRow>(
        db,
        sql`SELECT w.shipment_id, c.fix_time, c.lat, c.lng, c.speed, c.fix, c.address
            FROM unnest(${sql.param(ongoing.map((i) => i.shipmentId))}::int[],
                        ${sql.param(ongoing.map((i) => i.deviceId))}::int[])
              AS w(shipment_id, device_id)
            JOIN current_positions c ON c.device_id = w.device_id`,
      )),
    );
  }
  if (ended.length > 0) {
    rows.push(
      ...(await queryRows<PointRow>(
        db,
        sql`SELECT w.shipment_id, p.fix_time, p.lat, p.lng, p.speed, p.fix, p.address
            FROM unnest(${sql.param(ended.map((i) => i.shipmentId))}::int[],
                        ${sql.param(ended.map((i) => i.deviceId))}::int[],
                        ${sql.param(ended.map((i) => i.endedAt!.toISOString()))}::timestamptz[])
              AS w(shipment_id, device_id, to_t)
            CROSS JOIN LATERAL (
              SELECT fix_time, lat, lng, speed, fix, address FROM positions
              WHERE device_id = w.device_id AND fix_time <= w.to_t AND filter_reason IS NULL
              ORDER BY fix_time DESC LIMIT 1) p`,
      )),
    );
  }
  return rows;
}

/** The account's geofence with this id, if any. */
export async function geofenceOfAccount(db: Db, accountId: number, geofenceId: number) {
  const [row] = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(and(eq(geofences.account_id, accountId), eq(geofences.id, geofenceId)));
  return row;
}
