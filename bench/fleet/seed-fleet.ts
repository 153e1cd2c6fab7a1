import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { CITIES } from './cities';

export const FLEET_EMAIL = 'fleet-bench@waymark.local';
export const FLEET_PASSWORD = 'fleet bench password';

export interface SeededFleet {
  accountId: number;
  /** The account's API token for POST /api/ingest/positions. */
  apiToken: string;
  devices: number;
  /** Serial of the n-th tracker (1-based), as seeded. */
  serialOf: (n: number) => string;
}

const serialSql = (n: string) => `'86' || lpad((${n})::text, 13, '0')`;
export const serialOf = (n: number) => `86${String(n).padStart(13, '0')}`;

/**
 * One account with an admin and `count` trackers, each with a subscription and a current
 * position around a US city: built by PostgreSQL itself from generate_series (a few seconds
 * for 100,000), deterministic through setseed. Fix times and last movements are spread so that
 * every marker colour occurs: most reported within the hour, some overdue, some idle 14 or
 * 28 days, one in ten inside a geofence.
 */
export async function seedFleet(databaseUrl: string, count: number): Promise<SeededFleet> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const apiToken = randomBytes(24).toString('hex');
  try {
    await client.query('BEGIN');
    await client.query('SELECT setseed(0.42)');
    const one = async (sql: string, params: unknown[] = []) =>
      ((await client.query<{ id: number }>(sql, params)).rows[0]?.id ?? 0) as number;
    const accountId = await one(
      `INSERT INTO accounts (title, is_b2b_account, has_api_access, api_token)
       VALUES ('Bench fleet', true, true, $1) RETURNING id`,
      [apiToken],
    );
    const userId = await one(
      `INSERT INTO users (name, email, password_hash) VALUES ('Fleet Bench', $1, $2) RETURNING id`,
      [FLEET_EMAIL, await hashPassword(FLEET_PASSWORD)],
    );
    await client.query(
      `INSERT INTO account_memberships (account_id, user_id, role, full_device_access)
       VALUES ($1, $2, 'admin', true)`,
      [accountId, userId],
    );
    await client.query(
      `INSERT INTO models (title, device_type, protocol, expected_report_minutes) VALUES
         ('Mobile 200', 'bench-ll02', 'osmand', 60),
         ('Car Charger', 'bench-vl501', 'gt06', 30),
         ('Asset 4G', 'bench-fmc', 'teltonika', 720)`,
    );

    await client.query(
      `WITH subs AS (
         INSERT INTO subscriptions (account_id, status, start_at, renewal_date)
         SELECT $1, CASE WHEN n % 25 = 0 THEN 'pending-renewal' ELSE 'active' END,
                now() - interval '200 days', now() + interval '165 days'
         FROM generate_series(1, $2::int) n
         RETURNING id
       ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM subs)
       INSERT INTO devices (account_id, model_id, subscription_id, name, serial, note, charging)
       SELECT $1,
              (SELECT id FROM models ORDER BY id OFFSET (n % 3) LIMIT 1),
              id,
              (ARRAY['Truck','Van','Trailer','Container','Reefer','Pallet'])[1 + n % 6]
                || ' ' || lpad(n::text, 6, '0'),
              ${serialSql('n')},
              CASE WHEN n % 10 = 0 THEN 'Loaded at dock ' || (n % 40) END,
              n % 17 = 0
       FROM numbered`,
      [accountId, count],
    );

    // Cities repeated by weight, so a uniform pick lands on big cities more often.
    const weighted = CITIES.flatMap(([name, state, lat, lng, weight]) =>
      Array.from({ length: weight }, () => [name, state, lat, lng] as const),
    );
    const values = weighted
      .map(([name, state, lat, lng], i) => `(${i}, '${name}, ${state}', ${lat}, ${lng})`)
      .join(',');
    await client.query(
      `WITH cities (i, label, lat, lng) AS (VALUES ${values}),
       picked AS (
         SELECT d.id, d.account_id, floor(random() * ${weighted.length})::int AS city,
                random() AS age, random() AS idle,
                (random() + random() + random() - 1.5) AS dy,
                (random() + random() + random() - 1.5) AS dx,
                random() AS r
         FROM devices d WHERE d.account_id = $1
       ), placed AS (
         SELECT p.*, c.label, c.lat + p.dy * 0.6 AS lat, c.lng + p.dx * 0.8 AS lng,
                now() - CASE
                  WHEN p.age < 0.8 THEN p.age / 0.8 * interval '50 minutes'
                  WHEN p.age < 0.95 THEN interval '2 hours' + (p.age - 0.8) * interval '100 hours'
                  ELSE interval '1 day' + (p.age - 0.95) * interval '1200 days'
                END AS fix_time
         FROM picked p JOIN cities c ON c.i = p.city
       )
       INSERT INTO current_positions (device_id, account_id, fix_time, received_at, lat, lng, fix,
         speed, course, battery, charging, odometer, address, geofence_ids,
         last_movement_time, last_movement_time_without_cell)
       SELECT id, account_id, fix_time, fix_time, round(lat::numeric, 6), round(lng::numeric, 6),
              CASE WHEN r < 0.85 THEN 'gps' WHEN r < 0.95 THEN 'wifi' ELSE 'cell' END,
              CASE WHEN r < 0.5 THEN round((r * 60)::numeric, 1) ELSE 0 END,
              round((r * 360)::numeric),
              round((idle * 100)::numeric),
              r > 0.93,
              round((r * 400000)::numeric),
              'Near ' || label,
              CASE WHEN r > 0.9 THEN ARRAY[1] ELSE '{}'::int[] END,
              fix_time - CASE
                WHEN idle < 0.03 THEN interval '30 days'
                WHEN idle < 0.07 THEN interval '15 days'
                ELSE interval '0'
              END,
              fix_time - CASE WHEN idle < 0.07 THEN interval '30 days' ELSE interval '0' END
       FROM placed`,
      [accountId],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { accountId, apiToken, devices: count, serialOf };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Logs in as the fleet's admin: a bearer token for the API and the web app. */
export async function fleetLogin(url: string) {
  const response = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: FLEET_EMAIL, password: FLEET_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
