import pg from 'pg';
import { monthPartition } from '../../apps/server/src/db/position-partitions';

/** 10 s apart: a tracker reporting every 10 s, as the figure has it. */
const EVERY_S = 10;

/**
 * `count` fixes of one tracker ending now, every 10 s (86,400 are 10 days): a reefer truck
 * looping around Chicago, driving two hours out of three at a varying speed and parked for the
 * third, its temperature, humidity and battery drifting, so the details page draws all four
 * charts. Written in one INSERT … SELECT over generate_series; its months' partitions first.
 * Answers the range and the fixes' coordinates (oldest first) for the bare page.
 */
export async function seedHistory(databaseUrl: string, deviceId: number, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const end = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    const start = end - (count - 1) * EVERY_S * 1000;
    // The server's own naming and bounds of a month's table (db/position-partitions.ts).
    for (let month = monthPartition(new Date(start)); month.from.getTime() <= end;) {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${month.name} PARTITION OF positions
         FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
      );
      month = monthPartition(month.to);
    }
    const { rows } = await client.query<{ lat: number; lng: number }>(
      `WITH fixes AS (
         SELECT n, to_timestamp(($3::float8 + n * ${EVERY_S * 1000}) / 1000) AS t,
                CASE WHEN n % 1080 < 720 THEN 40 + 25 * sin(n / 40.0) ELSE 0 END AS speed
         FROM generate_series(0, $2::int - 1) n
       ), placed AS (
         SELECT *, sum(speed) OVER (ORDER BY n) / 9000.0 AS along FROM fixes
       ), inserted AS (
         INSERT INTO positions (device_id, fix_time, account_id, received_at, lat, lng, fix, speed,
           course, battery, temperature, humidity, odometer, is_inside_geofences)
         SELECT $1, t, d.account_id, t, round((41.85 + 0.25 * sin(along))::numeric, 6),
                round((-87.75 + 0.35 * sin(2 * along))::numeric, 6), 'gps', speed,
                (n * 7) % 360, 100 - (n * 60.0 / $2), 35 + 4 * sin(n / 500.0),
                60 + 10 * cos(n / 700.0), along * 50000, false
         FROM placed, devices d WHERE d.id = $1
         RETURNING fix_time, lat, lng
       )
       SELECT lat, lng FROM inserted ORDER BY fix_time`,
      [deviceId, count, start],
    );
    await client.query('ANALYZE positions');
    return {
      from: new Date(start),
      to: new Date(end + 1000),
      coordinates: rows.map((r): [number, number] => [Number(r.lng), Number(r.lat)]),
    };
  } finally {
    await client.end();
  }
}
