import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accounts, currentPositions, devices, models, subscriptions } from '../../db/schema';

/** A page of every account's trackers by name, searched by name, serial, IMEI or account. */
export async function adminDevicePage(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern
    ? or(
        ilike(devices.name, pattern),
        ilike(devices.serial, pattern),
        ilike(devices.imei, pattern),
        ilike(accounts.title, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: devices.id,
        name: devices.name,
        serial: devices.serial,
        imei: devices.imei,
        account_id: accounts.id,
        account_title: accounts.title,
        model: models.title,
        subscription_status: subscriptions.status,
        last_fix_at: currentPositions.fix_time,
      })
      .from(devices)
      .innerJoin(accounts, eq(accounts.id, devices.account_id))
      .innerJoin(models, eq(models.id, devices.model_id))
      .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
      .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
      .where(where)
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count() })
      .from(devices)
      .innerJoin(accounts, eq(accounts.id, devices.account_id))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type AdminDeviceRow = Awaited<ReturnType<typeof adminDevicePage>>['rows'][number];
