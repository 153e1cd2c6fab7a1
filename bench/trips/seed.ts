import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/client';
import { accountMemberships, accounts, models, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';

export const TRIPS_BENCH_EMAIL = 'trips-bench@waymark.local';
export const TRIPS_BENCH_PASSWORD = 'trips bench password';
export const BENCH_ZONE = 'America/Chicago';

/**
 * Two accounts in US Central: the fleet of `fleet` trackers whose admin asks for the reports,
 * and the rest of the `trackers`, so the tables hold every tracker's rows as an installation
 * would. Answers the trackers' ids, the fleet's first.
 */
export async function seedTripsBench(db: Db, trackers: number, fleet: number) {
  const [zone] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM timezones WHERE identifier = ${BENCH_ZONE}`,
  );
  const [fleetAccount, others] = await db
    .insert(accounts)
    .values([
      { title: 'Trips bench fleet', is_b2b_account: true, timezone_id: zone?.id ?? null },
      { title: 'Trips bench others', is_b2b_account: true, timezone_id: zone?.id ?? null },
    ])
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      name: 'Trips bench',
      email: TRIPS_BENCH_EMAIL,
      password_hash: await hashPassword(TRIPS_BENCH_PASSWORD),
    })
    .returning();
  if (!fleetAccount || !others || !user) throw new Error('bench accounts not created');
  await db.insert(accountMemberships).values({
    account_id: fleetAccount.id,
    user_id: user.id,
    role: 'admin',
    full_device_access: true,
  });
  const [model] = await db
    .insert(models)
    .values({ title: 'Bench GT06', device_type: 'bench-trips-gt06', protocol: 'gt06' })
    .returning();
  // Serials 870000000000000 + n, the fleet's first.
  const rows = await queryRows<{ id: number; account_id: number }>(
    db,
    sql`INSERT INTO devices (account_id, model_id, name, serial)
      SELECT CASE WHEN n < ${fleet}::int THEN ${fleetAccount.id}::int ELSE ${others.id}::int END,
             ${model!.id}::int, 'Truck ' || lpad((n + 1)::text, 5, '0'),
             (870000000000000 + n)::text
      FROM generate_series(0, ${trackers - 1}::int) n
      ORDER BY n
      RETURNING id, account_id`,
  );
  return {
    fleetAccountId: fleetAccount.id,
    userId: user.id,
    devices: rows.map((r) => ({ id: r.id, accountId: r.account_id })),
  };
}
