import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  accountMemberships,
  accounts,
  devices,
  models,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { ensurePartitions } from '../../apps/server/src/pipeline/pipeline.queries';

export const REPORTS_BENCH_EMAIL = 'reports-bench@waymark.local';
export const REPORTS_BENCH_PASSWORD = 'reports bench password';

/** A position every 30 s: 2,880 a day. */
export const EVERY_SECONDS = 30;
const SLOTS_PER_DAY = 86_400 / EVERY_SECONDS;
/** Each day the tracker is parked overnight (slots 0–479, 4 h) and at midday (1 h). */
const NIGHT_END = 480;
const NOON_START = 1440;
const NOON_END = 1560;
const MOVING_SLOTS = SLOTS_PER_DAY - NIGHT_END - (NOON_END - NOON_START);
/** Device events a day (low battery, ignition), spread over the day. */
export const EVENTS_PER_DAY = 3;

/**
 * One account with an admin and one tracker whose `days` of history, a position every 30 s
 * from `from`, are written by the database itself (generate_series) on PGlite and PostgreSQL
 * alike: a daily loop of about 200 km around Chicago at 30 mph, parked 4 h each night and 1 h
 * at midday (two stops a day, stored as the trips segmentation stores them), and three device
 * events a day.
 */
export async function seedReportsBench(db: Db, days: number, from: Date) {
  const [account] = await db.insert(accounts).values({ title: 'Reports bench' }).returning();
  const [user] = await db
    .insert(users)
    .values({
      name: 'Reports bench',
      email: REPORTS_BENCH_EMAIL,
      password_hash: await hashPassword(REPORTS_BENCH_PASSWORD),
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
    .values({ title: 'Bench GT06', device_type: 'bench-reports-gt06', protocol: 'gt06' })
    .returning();
  const [device] = await db
    .insert(devices)
    .values({
      account_id: account.id,
      model_id: model!.id,
      name: 'Truck 30-day',
      serial: '880000000000001',
    })
    .returning({ id: devices.id });
  if (!device) throw new Error('bench tracker not created');

  const count = days * SLOTS_PER_DAY;
  const last = new Date(from.getTime() + (count - 1) * EVERY_SECONDS * 1000);
  // The monthly partitions of the range, as the pipeline makes them (it reads only fixTime).
  const fixes: { fixTime: Date }[] = [{ fixTime: last }];
  for (let t = from.getTime(); t <= last.getTime(); t += 86_400_000)
    fixes.push({ fixTime: new Date(t) });
  await ensurePartitions(
    db,
    fixes as unknown as Parameters<typeof ensurePartitions>[1],
    new Set(),
    true,
  );

  // Constants written into the text: as parameters PostgreSQL would type them integer. `s` is
  // the slot of the day; the loop's angle advances only while moving.
  const moved = `CASE WHEN s < ${NIGHT_END} THEN 0 WHEN s < ${NOON_START} THEN s - ${NIGHT_END}
      WHEN s < ${NOON_END} THEN ${NOON_START - NIGHT_END}
      ELSE s - ${NIGHT_END + NOON_END - NOON_START} END`;
  const angle = sql.raw(`(2 * pi() * (${moved}) / ${MOVING_SLOTS})`);
  const parked = sql.raw(`(s < ${NIGHT_END} OR (s >= ${NOON_START} AND s < ${NOON_END}))`);
  const slot = sql.raw(`(n % ${SLOTS_PER_DAY})`);
  const step = sql.raw(`interval '${EVERY_SECONDS} seconds'`);
  await db.execute(sql`
    INSERT INTO positions (device_id, account_id, fix_time, received_at, lat, lng, fix, speed,
      course, altitude, accuracy, battery, temperature, humidity, odometer, is_inside_geofences)
    SELECT ${device.id}, ${account.id}, t, t, 41.88 + 0.3 * sin(${angle}),
           -87.63 + 0.4 * cos(${angle}), 'gps',
           CASE WHEN ${parked} THEN 0 ELSE 13.4 END,
           (degrees(${angle}) + 90)::numeric % 360, 180, 5, 100 - (s % 100) * 0.5, 21.5, 40,
           n * 0.4, ${parked}
    FROM (SELECT n, ${slot} AS s,
                 ${from.toISOString()}::timestamptz + n * ${step} AS t
          FROM generate_series(0, ${count - 1}::int) n) g`);
  // Its two stops a day, as the pipeline's segmentation stores them (a report lists the stored
  // stops; the seed bypasses the pipeline).
  const stopSlots = sql.raw(
    `(VALUES (0, ${NIGHT_END - 1}), (${NOON_START}, ${NOON_END - 1})) v(s, e)`,
  );
  await db.execute(sql`
    INSERT INTO device_stops (account_id, device_id, start_time, end_time, lat, lng, duration_s)
    SELECT ${account.id}, ${device.id},
           ${from.toISOString()}::timestamptz + d * interval '1 day' + s * ${step},
           ${from.toISOString()}::timestamptz + d * interval '1 day' + e * ${step},
           41.88 + 0.3 * sin(${angle}), -87.63 + 0.4 * cos(${angle}), (e - s) * ${sql.raw(String(EVERY_SECONDS))}
    FROM generate_series(0, ${days - 1}::int) d, ${stopSlots}`);
  await db.execute(sql`
    INSERT INTO device_events (account_id, device_id, event_type, description, lat, lng, created_at)
    SELECT ${account.id}, ${device.id},
           (ARRAY['ignition_on', 'low_battery', 'ignition_off'])[k + 1],
           (ARRAY['Ignition on', 'Battery low (18 %)', 'Ignition off'])[k + 1],
           41.88, -87.33, ${from.toISOString()}::timestamptz + d * interval '1 day'
             + (k * 7 + 5) * interval '1 hour' + interval '17 minutes'
    FROM generate_series(0, ${days - 1}::int) d, generate_series(0, ${EVENTS_PER_DAY - 1}::int) k`);
  return { accountId: account.id, userId: user.id, deviceId: device.id, positions: count };
}
