import type { RawPosition } from '@waymark/domain';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import {
  accountMemberships,
  accounts,
  accountSettings,
  deviceGroups,
  devices,
  geofences,
  models,
  shipments,
  subscriptions,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { benchFix, benchTracker, DEPOT, serialOf } from './bench-fleet';
import { weekOfDrives } from './week';

export const SCOUT_BENCH_EMAIL = 'scout-bench@bench.test';
export const SCOUT_BENCH_PASSWORD = 'scout bench password';
const HOUR = 3_600_000;
/**
 * An account that may use Scout with `trackers` trackers around Chicago: a tenth parked for
 * three days, a tenth low on battery, a twentieth never reported, the rest moving this hour;
 * three geofences (Depot holds a fifth of them), three groups, and ten shipments, three of
 * them running late; each moving tracker also drove at midday on each of the `historyDays` days
 * before (week.ts). Positions go through the pipeline, as a tracker's would.
 */
export async function seedScoutBench(ctx: WorkerContext, trackers: number, historyDays = 7) {
  const { db } = ctx.database;
  const [account] = await db
    .insert(accounts)
    .values({ title: 'Scout Bench', is_b2b_account: true, can_track_shipments: true })
    .returning();
  await db
    .insert(accountSettings)
    .values({ account_id: account!.id, code: 'ai_available', value: '1' });
  const [user] = await db
    .insert(users)
    .values({
      name: 'Scout Bench',
      email: SCOUT_BENCH_EMAIL,
      password_hash: await hashPassword(SCOUT_BENCH_PASSWORD),
    })
    .returning();
  await db.insert(accountMemberships).values({
    account_id: account!.id,
    user_id: user!.id,
    role: 'admin',
    full_device_access: true,
  });
  const [model] = await db
    .insert(models)
    .values({
      title: 'Bench 100',
      device_type: `bench-${Date.now()}`,
      protocol: 'gt06',
      expected_report_minutes: 120,
    })
    .returning();
  await db.insert(geofences).values([
    { account_id: account!.id, name: 'Depot', ...DEPOT, radius: 2 },
    { account_id: account!.id, name: 'North Yard', lat: 42.2, lng: -87.8, radius: 1 },
    { account_id: account!.id, name: 'Harbor', lat: 41.7, lng: -87.5, radius: 1 },
  ]);
  const groupRows = await db
    .insert(deviceGroups)
    .values(
      ['East Fleet', 'West Fleet', 'Reefers'].map((name) => ({ account_id: account!.id, name })),
    )
    .returning();
  const subs = await db
    .insert(subscriptions)
    .values(
      Array.from({ length: trackers }, () => ({
        account_id: account!.id,
        status: 'active' as const,
      })),
    )
    .returning({ id: subscriptions.id });
  const rows = await db
    .insert(devices)
    .values(
      subs.map((sub, i) => ({
        account_id: account!.id,
        model_id: model!.id,
        subscription_id: sub.id,
        name: `Unit ${String(i + 1).padStart(5, '0')}`,
        serial: serialOf(i),
        group_ids: [groupRows[i % 3]!.id],
      })),
    )
    .returning({ id: devices.id, serial: devices.serial });
  const now = Date.now();
  const fixes: RawPosition[] = [];
  rows.forEach((d, i) => {
    const tracker = benchTracker(i);
    if (!tracker) return;
    fixes.push(...weekOfDrives(d.serial, i, now, historyDays));
    const start = tracker.parked ? now - 72 * HOUR : now - HOUR;
    for (let k = 0; k < 2; k++) {
      const lat = tracker.lat + (tracker.parked ? 0 : k * 0.01);
      fixes.push(benchFix(d.serial, tracker, new Date(start + k * 20 * 60_000), lat));
    }
  });
  for (let i = 0; i < fixes.length; i += 5000)
    await ctx.pipeline.submit(fixes.slice(i, i + 5000), 'bench');
  await ctx.bus.flush();
  await db.insert(shipments).values(
    Array.from({ length: 10 }, (_, i) => ({
      account_id: account!.id,
      device_id: rows[i]!.id,
      name: `Bench Load ${i + 1}`,
      status: i < 3 ? ('running-late' as const) : ('in-progress' as const),
      start_at: new Date(now - 24 * HOUR),
      end_at: new Date(now + (i < 3 ? -2 : 5) * HOUR),
    })),
  );
  return { accountId: account!.id, userId: user!.id, groups: groupRows };
}
