import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SubscriptionStatus } from '@waymark/domain';
import type { Db } from '../../db/client';
import { devices, models, orders, orderSubscriptions, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionById(db: Db, id: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** A page of the account's subscriptions, newest first; query matches a tracker's name or serial. */
export async function subscriptionPage(
  db: Db,
  accountId: number,
  filter: {
    statuses?: SubscriptionStatus[] | undefined;
    query?: string | undefined;
    page: number;
    perPage: number;
  },
) {
  const pattern = filter.query ? `%${filter.query.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where: SQL | undefined = and(
    eq(subscriptions.account_id, accountId),
    filter.statuses?.length ? inArray(subscriptions.status, filter.statuses) : undefined,
    pattern
      ? sql`exists (select 1 from ${devices} where ${devices.subscription_id} = ${subscriptions.id}
          and (${or(ilike(devices.name, pattern), ilike(devices.serial, pattern))}))`
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(subscriptions).where(where);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  return { rows, total: total?.n ?? 0 };
}

export function subscriptionsWithIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as SubscriptionRow[]);
  return db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids))
    .orderBy(asc(subscriptions.id));
}

export function devicesOf(db: Db, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      imei: devices.imei,
      subscription_id: devices.subscription_id,
      model_id: models.id,
      model_title: models.title,
      thumbnail_path: models.thumbnail_path,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .where(inArray(devices.subscription_id, subscriptionIds))
    .orderBy(asc(devices.name), asc(devices.id));
}

export type SubscriptionDeviceRow = Awaited<ReturnType<typeof devicesOf>>[number];

/** Each subscription's newest order, with the months it paid for. */
export async function mostRecentOrders(db: Db, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0)
    return new Map<number, { id: number; created_at: Date; months: number }>();
  const rows = await db
    .selectDistinctOn([orderSubscriptions.subscription_id], {
      subscription_id: orderSubscriptions.subscription_id,
      id: orders.id,
      created_at: orders.created_at,
      months: orderSubscriptions.months,
    })
    .from(orderSubscriptions)
    .innerJoin(orders, eq(orders.id, orderSubscriptions.order_id))
    .where(inArray(orderSubscriptions.subscription_id, subscriptionIds))
    .orderBy(orderSubscriptions.subscription_id, desc(orders.created_at), desc(orders.id));
  return new Map(rows.map((r) => [r.subscription_id, r]));
}

export function updateSubscription(
  db: Db,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  return db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** Moves the trackers of one subscription to another (reactivation). */
export function moveDevices(db: Db, fromId: number, toId: number) {
  return db
    .update(devices)
    .set({ subscription_id: toId })
    .where(eq(devices.subscription_id, fromId));
}

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}
