import { random } from '../ingest/fleet';

const DAY_MS = 86_400_000;

export interface VisitPlan {
  /** CSV rows (no header): account_id, geofence_id, device_id, entered_at, exited_at. */
  csv: string;
  rows: number;
  open: number;
}

/**
 * Visit history as assets live it: each device moves between a handful of its own sites,
 * staying 2 h to 8 days (most stays short, a few long) and travelling 5 h to 2 days between
 * them, from a little before the window until now. The last stay of most devices is still
 * open (exited_at empty), so devices_count and the over-SLA counts have work to do.
 */
export function planVisits(options: {
  accountId: number;
  deviceIds: readonly number[];
  geofenceIds: readonly number[];
  days: number;
  now: Date;
  seed?: number;
}): VisitPlan {
  const rand = random(options.seed ?? 11);
  const { accountId, geofenceIds } = options;
  const nowMs = options.now.getTime();
  const lines: string[] = [];
  let open = 0;
  for (const deviceId of options.deviceIds) {
    const sites = Array.from(
      { length: 3 + Math.floor(rand() * 6) },
      () => geofenceIds[Math.floor(rand() * geofenceIds.length)]!,
    );
    let t = nowMs - options.days * DAY_MS - rand() * 5 * DAY_MS;
    for (;;) {
      const stay = (1 / 12 + rand() ** 2 * 8) * DAY_MS;
      const site = sites[Math.floor(rand() * sites.length)]!;
      const entered = new Date(t).toISOString();
      if (t + stay >= nowMs) {
        lines.push(`${accountId},${site},${deviceId},${entered},`);
        open++;
        break;
      }
      lines.push(`${accountId},${site},${deviceId},${entered},${new Date(t + stay).toISOString()}`);
      t += stay + (0.2 + rand() * 1.8) * DAY_MS;
      if (t >= nowMs) break;
    }
  }
  return { csv: lines.join('\n') + '\n', rows: lines.length, open };
}
