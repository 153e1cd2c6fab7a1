import { countFleetStatuses, type FleetStatusCounts } from '@waymark/domain';
import type { World } from './world';

const SAMPLE = ['Truck 43', 'Truck 07', 'Van 02', 'Pickup 12', 'Reefer 22'];

/**
 * The expected answers checked against the product's own figures before Scout is asked:
 * haversine over each sampled tracker's accepted fixes against the daily summaries' distance
 * (the odometer), and the trackers list's statuses against GET fleet-status-counts. A large gap
 * means an expected answer, not Scout, would be wrong; it is printed, never hidden.
 */
export async function crossCheck(w: World, log: (line: string) => void) {
  const from = w.day(-6);
  const to = w.day(0);
  for (const name of SAMPLE) {
    const d = await w.device(name);
    const measured = await w.distance(d.id, from, to);
    const rows = await w.summary(from, to, [d.id]);
    const stored = rows.reduce((s, r) => s + r.distance, 0);
    const gap = stored === 0 ? 0 : (100 * (measured - stored)) / stored;
    log(
      `check ${name} ${from}..${to}: haversine ${(measured / 1000).toFixed(1)} km, ` +
        `summaries ${(stored / 1000).toFixed(1)} km (${gap >= 0 ? '+' : ''}${gap.toFixed(1)} %)`,
    );
  }
  const mine = countFleetStatuses(await w.devices(), new Date());
  const api = await w.data<FleetStatusCounts>(`/accounts/${w.accountId}/fleet-status-counts`);
  log(`check statuses: list ${JSON.stringify(mine)}, fleet-status-counts ${JSON.stringify(api)}`);
}
