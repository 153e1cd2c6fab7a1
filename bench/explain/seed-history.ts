import pg from 'pg';
import { monthPartition } from '../../apps/server/src/db/position-partitions';

export interface HistoryShape {
  accountId: number;
  /** The account's trackers, as seeded by seedFleet. */
  deviceIds: number[];
  months: number;
  /** Minutes between two fixes of a tracker. */
  everyMinutes: number;
}

/** The months of history, oldest first, ending with the current one. */
export function historyMonths(months: number, now = new Date()) {
  return Array.from({ length: months }, (_, i) => monthPartition(now, i - months + 1));
}

/**
 * A generated history for query plans: every tracker reporting every `everyMinutes` through
 * `months` months (one partition each), four trips and four stops a day, a daily summary per
 * tracker and day, and two geofence visits a day at one of twenty geofences. Written by
 * PostgreSQL from generate_series, month by month, so the planner meets the row counts and the
 * partitions the product would have; the values only need to be plausible.
 */
export async function seedHistory(url: string, shape: HistoryShape, log: (s: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { accountId, everyMinutes } = shape;
    // seedFleet's trackers are one INSERT, so their ids run without a gap: generate_series
    // over first..last is every tracker once.
    const [first, last] = [shape.deviceIds[0]!, shape.deviceIds.at(-1)!];
    if (last - first + 1 !== shape.deviceIds.length) throw new Error('tracker ids with gaps');
    for (const month of historyMonths(shape.months)) {
      const started = Date.now();
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${month.name} PARTITION OF positions
         FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
      );
      const end = Math.min(month.to.getTime(), Date.now());
      const { rowCount } = await client.query(
        `INSERT INTO positions (device_id, fix_time, account_id, received_at, lat, lng, fix, speed,
           course, battery, odometer, is_inside_geofences)
         SELECT d, t, $1, t, 32 + (d % 50) * 0.1 + 0.01 * sin(extract(epoch FROM t) / 3600),
                -97 + (d % 37) * 0.1 + 0.01 * cos(extract(epoch FROM t) / 3600), 'gps',
                CASE WHEN extract(hour FROM t)::int % 6 < 2 THEN 20 ELSE 0 END,
                (extract(epoch FROM t)::int / 60) % 360, 80, extract(epoch FROM t) - 1.7e9, false
         FROM generate_series($2::int, $3::int) d,
              generate_series($4::timestamptz, $5::timestamptz - interval '1 second',
                              make_interval(mins => $6)) t`,
        [
          accountId,
          first,
          last,
          month.from.toISOString(),
          new Date(end).toISOString(),
          everyMinutes,
        ],
      );
      log(
        `${month.name}: ${rowCount?.toLocaleString('en-US')} fixes in ${Date.now() - started} ms`,
      );
    }
    const from = historyMonths(shape.months)[0]!.from.toISOString();
    // Trips of two hours from 00:00, 06:00, 12:00 and 18:00, the stops between them.
    await client.query(
      `INSERT INTO trips (account_id, device_id, start_time, end_time, start_lat, start_lng,
         end_lat, end_lng, distance, duration_s, driving_s, idle_s, max_speed, average_speed,
         start_odometer, end_odometer)
       SELECT $1, d, t, t + interval '2 hours', 32, -97, 32.1, -97.1, 40000, 7200, 6600, 600, 30,
              20, 0, 40000
       FROM generate_series($2::int, $3::int) d,
            generate_series($4::timestamptz, now() - interval '3 hours', interval '6 hours') t`,
      [accountId, first, last, from],
    );
    await client.query(
      `INSERT INTO device_stops (account_id, device_id, start_time, end_time, lat, lng, duration_s)
       SELECT $1, d, t + interval '2 hours', t + interval '6 hours', 32.1, -97.1, 14400
       FROM generate_series($2::int, $3::int) d,
            generate_series($4::timestamptz, now() - interval '7 hours', interval '6 hours') t`,
      [accountId, first, last, from],
    );
    await client.query(
      `INSERT INTO daily_summaries (device_id, day, account_id, distance, driving_s, idle_s, stops,
         trips, max_speed, first_fix, last_fix)
       SELECT d, day::date, $1, 160000, 26400, 2400, 4, 4, 30, day, day + interval '23 hours'
       FROM generate_series($2::int, $3::int) d,
            generate_series($4::timestamptz, now(), interval '1 day') day`,
      [accountId, first, last, from],
    );
    const { rows: fences } = await client.query<{ id: number }>(
      `INSERT INTO geofences (account_id, name, lat, lng, radius)
       SELECT $1, 'Yard ' || n, 32 + n * 0.1, -97, 500 FROM generate_series(1, 20) n
       RETURNING id`,
      [accountId],
    );
    await client.query(
      `INSERT INTO geofence_visits (account_id, geofence_id, device_id, entered_at, exited_at)
       SELECT $1, ($5::int[])[1 + (d + extract(day FROM t)::int) % 20], d, t, t + interval '4 hours'
       FROM generate_series($2::int, $3::int) d,
            generate_series($4::timestamptz, now() - interval '5 hours', interval '12 hours') t`,
      [accountId, first, last, from, fences.map((f) => f.id)],
    );
    await client.query('ANALYZE');
    return { geofenceIds: fences.map((f) => f.id) };
  } finally {
    await client.end();
  }
}
