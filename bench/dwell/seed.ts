import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import {
  accountMemberships,
  accounts,
  accountSettings,
  devices,
  geofences,
  models,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { buildGeofences, random } from '../ingest/fleet';
import { planVisits } from './visits';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

export const DWELL_BENCH_EMAIL = 'dwell-bench@waymark.local';
export const DWELL_BENCH_PASSWORD = 'dwell bench password';

async function inChunks<T, R>(rows: readonly T[], insert: (chunk: T[]) => Promise<R[]>) {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

/**
 * One account with dashboards on and an admin, `devices` trackers, `geofences` sites (six in
 * ten with a dwell SLA of 1–7 days and asset bounds) and `days` of visits bulk-loaded by COPY.
 */
export async function seedDwellBench(
  database: Database,
  sizes: { devices: number; geofences: number; days: number },
) {
  const { db } = database;
  const rand = random(5);
  const [account] = await db.insert(accounts).values({ title: 'Dwell bench' }).returning();
  if (!account) throw new Error('bench account not created');
  await db
    .insert(accountSettings)
    .values({ account_id: account.id, code: 'dashboards', value: '1' });
  const [user] = await db
    .insert(users)
    .values({
      name: 'Dwell bench admin',
      email: DWELL_BENCH_EMAIL,
      password_hash: await hashPassword(DWELL_BENCH_PASSWORD),
    })
    .returning();
  await db
    .insert(accountMemberships)
    .values({ account_id: account.id, user_id: user!.id, role: 'admin', full_device_access: true });
  const [model] = await db
    .insert(models)
    .values({ title: 'Bench asset tag', device_type: 'bench-dwell', protocol: 'gt06' })
    .returning();

  const deviceIds = await inChunks(
    Array.from({ length: sizes.devices }, (_, i) => i),
    (chunk) =>
      db
        .insert(devices)
        .values(
          chunk.map((i) => ({
            account_id: account.id,
            model_id: model!.id,
            name: `Asset ${String(i + 1).padStart(5, '0')}`,
            serial: `98${String(i + 1).padStart(13, '0')}`,
          })),
        )
        .returning({ id: devices.id }),
  );
  const geofenceIds = await inChunks(buildGeofences(sizes.geofences, 3), (chunk) =>
    db
      .insert(geofences)
      .values(
        chunk.map((f) => {
          const sla = rand() < 0.6;
          return {
            account_id: account.id,
            name: f.name,
            address: `Site near ${f.lat.toFixed(2)}, ${f.lng.toFixed(2)}`,
            lat: f.lat,
            lng: f.lng,
            radius: f.radiusKm,
            is_irregular: f.polygon !== null,
            geo_json: f.polygon,
            allowable_dwell_days: sla ? 1 + Math.floor(rand() * 7) : null,
            min_assets: sla ? Math.floor(rand() * 3) : null,
            max_assets: sla ? 5 + Math.floor(rand() * 20) : null,
          };
        }),
      )
      .returning({ id: geofences.id }),
  );

  const visits = planVisits({
    accountId: account.id,
    deviceIds: deviceIds.map((d) => d.id),
    geofenceIds: geofenceIds.map((g) => g.id),
    days: sizes.days,
    now: new Date(),
  });
  await database.copyCsv(
    'geofence_visits',
    ['account_id', 'geofence_id', 'device_id', 'entered_at', 'exited_at'],
    visits.csv,
  );
  // Fresh statistics, as autovacuum would have them on a server that has run for a while.
  await db.execute(sql`ANALYZE geofence_visits`);
  await db.execute(sql`ANALYZE devices`);
  await db.execute(sql`ANALYZE geofences`);
  return {
    accountId: account.id,
    userId: user!.id,
    visits: visits.rows,
    openVisits: visits.open,
  };
}
