import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { accountMemberships, accounts, models, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';

export const SHIPMENTS_BENCH_EMAIL = 'shipments-bench@waymark.local';
export const SHIPMENTS_BENCH_PASSWORD = 'shipments bench password';

/** Trackers start on a grid over the Midwest, 0.2° apart, and drive north. */
const GRID = 100;
const SPACING_DEG = 0.2;
export const startOf = (i: number) => ({
  lat: 34 + (i % GRID) * 0.05,
  lng: -104 + Math.floor(i / GRID) * SPACING_DEG,
});
/** The end place of each shipment: 400 km north of its start (0.01° of latitude is 1.11 km). */
export const END_NORTH_DEG = 3.6;
export const serialOf = (i: number) => `77${String(i).padStart(13, '0')}`;

/**
 * One account (shipments on) with an admin, `count` trackers and one ongoing shipment per
 * tracker, In Progress since `beganAt`, between custom addresses, due a day later: written in
 * a few statements by the database itself (generate_series), on PGlite and PostgreSQL alike.
 */
export async function seedShipmentsBench(db: Db, count: number, beganAt: Date) {
  const [account] = await db
    .insert(accounts)
    .values({ title: 'Shipments bench', is_b2b_account: true, can_track_shipments: true })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      name: 'Shipments bench',
      email: SHIPMENTS_BENCH_EMAIL,
      password_hash: await hashPassword(SHIPMENTS_BENCH_PASSWORD),
    })
    .returning();
  if (!account || !user) throw new Error('bench account not created');
  await db.insert(accountMemberships).values({
    account_id: account.id,
    user_id: user.id,
    role: 'admin',
    full_device_access: true,
  });
  const [model] = await db
    .insert(models)
    .values({ title: 'Bench GT06', device_type: 'bench-shipments-gt06', protocol: 'gt06' })
    .returning();
  await db.execute(sql`
    INSERT INTO devices (account_id, model_id, name, serial)
    SELECT ${account.id}, ${model!.id}, 'Truck ' || lpad(n::text, 5, '0'),
           '77' || lpad(n::text, 13, '0')
    FROM generate_series(0, ${count - 1}::int) n`);
  const began = beganAt.toISOString();
  // Constants written into the text: as parameters PostgreSQL would type them integer.
  const lat = sql.raw(`34 + (n % ${GRID}) * 0.05`);
  const lng = sql.raw(`-104 + (n / ${GRID}) * ${SPACING_DEG}`);
  const endLat = sql.raw(`34 + (n % ${GRID}) * 0.05 + ${END_NORTH_DEG}`);
  await db.execute(sql`
    INSERT INTO shipments (account_id, device_id, name, carrier, status, start_at, end_at,
      began_at, from_address, to_address)
    SELECT ${account.id}, d.id, 'PO ' || n, 'Bench Freight', 'in-progress',
           ${began}::timestamptz - interval '1 hour', ${began}::timestamptz + interval '1 day',
           ${began}::timestamptz,
           jsonb_build_object('name', 'Dock ' || n, 'lat', ${lat}, 'lng', ${lng}),
           jsonb_build_object('name', 'Yard ' || n, 'lat', ${endLat}, 'lng', ${lng})
    FROM generate_series(0, ${count - 1}::int) n
    JOIN devices d ON d.serial = '77' || lpad(n::text, 13, '0')`);
  return { accountId: account.id };
}
