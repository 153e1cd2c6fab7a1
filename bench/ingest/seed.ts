import type { Db } from '../../apps/server/src/db/client';
import {
  accountMemberships,
  accounts,
  devices,
  geofences,
  models,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import type { BenchDeviceSpec, BenchGeofence } from './fleet';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters for every table here. */
const CHUNK = 1000;

export const BENCH_EMAIL = 'bench@waymark.local';
export const BENCH_PASSWORD = 'bench password';

async function inChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * One account with a user who may watch it, a model per protocol, the trackers and the
 * geofences. Returns device ids in the order of `fleet`.
 */
export async function seedBench(
  db: Db,
  fleet: readonly BenchDeviceSpec[],
  fences: readonly BenchGeofence[],
) {
  const [account] = await db.insert(accounts).values({ title: 'Bench fleet' }).returning();
  if (!account) throw new Error('bench account not created');
  const [user] = await db
    .insert(users)
    .values({
      name: 'Bench watcher',
      email: BENCH_EMAIL,
      password_hash: await hashPassword(BENCH_PASSWORD),
    })
    .returning();
  if (!user) throw new Error('bench user not created');
  await db.insert(accountMemberships).values({
    account_id: account.id,
    user_id: user.id,
    role: 'admin',
    full_device_access: true,
  });

  const modelRows = await db
    .insert(models)
    .values(
      (['osmand', 'gt06', 'teltonika'] as const).map((protocol) => ({
        title: `Bench ${protocol}`,
        device_type: `bench-${protocol}`,
        protocol,
      })),
    )
    .returning({ id: models.id, protocol: models.protocol });
  const modelOf = new Map<string, number>(modelRows.map((m) => [m.protocol, m.id]));

  const idOf = new Map<string, number>();
  await inChunks(fleet, async (chunk) => {
    const rows = await db
      .insert(devices)
      .values(
        chunk.map((d) => ({
          account_id: account.id,
          model_id: modelOf.get(d.protocol)!,
          name: `Bench ${d.protocol} ${d.serial.slice(-5)}`,
          serial: d.serial,
        })),
      )
      .returning({ id: devices.id, serial: devices.serial });
    for (const row of rows) idOf.set(row.serial, row.id);
  });

  await inChunks(fences, (chunk) =>
    db.insert(geofences).values(
      chunk.map((f) => ({
        account_id: account.id,
        name: f.name,
        lat: f.lat,
        lng: f.lng,
        radius: f.radiusKm,
        is_irregular: f.polygon !== null,
        geo_json: f.polygon,
      })),
    ),
  );
  return { accountId: account.id, deviceIds: fleet.map((d) => idOf.get(d.serial)!) };
}

/** The bench watcher's token, signed in as a browser would (its websocket needs one). */
export async function benchLogin(httpUrl: string) {
  const response = await fetch(`${httpUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
