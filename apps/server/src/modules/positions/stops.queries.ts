import { sql } from 'drizzle-orm';
import { ongoingStop, STOP_DRAW_RADIUS_KM, unpackSegmentState, type Stop } from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';

/** A stop with the address stored with it (null when the geocoder had none then). */
export interface StoredStop extends Stop {
  address: string | null;
}

const stopAt = (start: number, end: number, lat: number, lng: number, address: string | null) => ({
  start_time: new Date(start),
  end_time: new Date(end),
  location: [lng, lat] as [number, number],
  lat,
  lng,
  radius: STOP_DRAW_RADIUS_KM,
  address,
});

/**
 * A tracker's stops that overlap [from, to), oldest first: those the trips segmentation stored
 * as they ended (device_stops), then the one it is in now (its state, not stored until it ends).
 * Never recomputed from fixes: the stops call, saved reports and Scout show the same stops.
 * With `accountId`, only those the tracker made in that account (a saved report reads only
 * what the tracker recorded in its account).
 */
export async function stopsOf(db: Db, deviceId: number, from: Date, to: Date, accountId?: number) {
  const inAccount = accountId === undefined ? sql`` : sql` AND account_id = ${accountId}`;
  const rows = await queryRows<{
    start_time: Date | string;
    end_time: Date | string;
    lat: number;
    lng: number;
    address: string | null;
  }>(
    db,
    sql`SELECT start_time, end_time, lat, lng, address FROM device_stops
      WHERE device_id = ${deviceId} AND start_time < ${to.toISOString()}
        AND end_time > ${from.toISOString()}${inAccount}
      ORDER BY start_time`,
  );
  const stops: StoredStop[] = rows.map((r) =>
    stopAt(
      new Date(r.start_time).getTime(),
      new Date(r.end_time).getTime(),
      r.lat,
      r.lng,
      r.address,
    ),
  );
  const [current] = await queryRows<{ segment: unknown }>(
    db,
    sql`SELECT pipeline_state -> 'segment' AS segment FROM current_positions
      WHERE device_id = ${deviceId}${inAccount}`,
  );
  const segment = unpackSegmentState(
    typeof current?.segment === 'string' ? JSON.parse(current.segment) : current?.segment,
  );
  const ongoing = segment ? ongoingStop(segment) : null;
  if (ongoing && ongoing.start.time < to.getTime() && ongoing.end.time > from.getTime())
    stops.push(
      stopAt(
        ongoing.start.time,
        ongoing.end.time,
        ongoing.start.lat,
        ongoing.start.lng,
        ongoing.start.address,
      ),
    );
  return stops;
}
