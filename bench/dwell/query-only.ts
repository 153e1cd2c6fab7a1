import { performance } from 'node:perf_hooks';
import type { Db } from '../../apps/server/src/db/client';
import type { Membership } from '../../apps/server/src/access/membership.queries';
import { membershipOf } from '../../apps/server/src/access/membership.queries';
import { dwellGeofences } from '../../apps/server/src/modules/dwell/dwell.queries';
import { percentile } from './latency';

/**
 * The dwell table's SQL alone (the route's query function, no HTTP, no serialisation), to
 * tell the database's share of the route's time from the rest.
 */
export async function measureQuery(
  db: Db,
  userId: number,
  accountId: number,
  period: number,
  runs: number,
) {
  const membership = (await membershipOf(db, userId, accountId)) as Membership;
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    await dwellGeofences(db, membership, { now: new Date(), period }, {});
    if (i >= 5) times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  return { runs, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}
