import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { generateHistory } from '@waymark/simulator/trips/history';
import type { Fix } from '@waymark/simulator/trips/fix';
import type { DeviceSpec } from '@waymark/simulator/fleet';
import type { RawPosition } from '@waymark/domain';
import type { PositionPipeline } from '../pipeline/pipeline';
import type { Database } from '../db/client';
import {
  DEMO_FLAT_BATTERY_TRACKER,
  DEMO_SOS_TRACKER,
  drainBattery,
  pressSos,
} from './demo-attention';
import { seedDemoGroups } from './demo-groups';
import { seedDemoAnchors } from './demo-anchors';
import { seedDemoUsers } from './demo-users';
import { seedDemoSims } from './demo-sims';
import {
  accountMemberships,
  accounts,
  commands,
  devices,
  geofences,
  models,
  subscriptions,
  users,
  type Protocol,
} from '../db/schema';

/** Serials of demo trackers start with this, so the in-process simulator finds them. */
export const DEMO_SERIAL_PREFIX = '86900';
export const DEMO_HISTORY_DAYS = 90;

const MODELS = [
  {
    device_type: 'll02',
    title: 'Mobile 200',
    thumbnail_path: '/images/models/ll02.svg',
    protocol: 'gt06',
    expected_report_minutes: 60,
    has_temperature: false,
  },
  {
    device_type: 'vl501',
    title: 'Car Charger',
    thumbnail_path: '/images/models/vl501.svg',
    protocol: 'gt06',
    expected_report_minutes: 30,
    has_temperature: false,
  },
  {
    device_type: 'fmb920',
    title: 'Fleet Tracker FMB920',
    protocol: 'teltonika',
    expected_report_minutes: 15,
    has_temperature: false,
    ble_support: true,
  },
  {
    device_type: 'reefer',
    title: 'Reefer Sensor',
    protocol: 'teltonika',
    expected_report_minutes: 15,
    has_temperature: true,
    has_humidity: true,
    ble_support: true,
  },
  {
    device_type: 'phone',
    title: 'Traccar Client',
    protocol: 'osmand',
    expected_report_minutes: 30,
    has_temperature: false,
  },
] as const;

/**
 * Depots of Demo Logistics. Most carry a dwell SLA and asset bounds so the dwell dashboard
 * shows its colours; Denver has none, to show a geofence without an SLA.
 */
const DEPOTS = [
  {
    name: 'Chicago Depot',
    address: 'Chicago, IL, US',
    lat: 41.8781,
    lng: -87.6298,
    radius: 1.5,
    allowable_dwell_days: 3,
    min_assets: 1,
    max_assets: 8,
  },
  {
    name: 'Dallas Hub',
    address: 'Dallas, TX, US',
    lat: 32.7767,
    lng: -96.797,
    radius: 2,
    allowable_dwell_days: 1,
    min_assets: 0,
    max_assets: 5,
  },
  {
    name: 'Atlanta Yard',
    address: 'Atlanta, GA, US',
    lat: 33.749,
    lng: -84.388,
    radius: 1.5,
    allowable_dwell_days: 2,
  },
  {
    name: 'Denver Cross-Dock',
    address: 'Denver, CO, US',
    lat: 39.7392,
    lng: -104.9903,
    radius: 1.5,
  },
  {
    name: 'Los Angeles Port',
    address: 'Los Angeles, CA, US',
    lat: 33.7405,
    lng: -118.2775,
    radius: 3,
    allowable_dwell_days: 3,
    min_assets: 2,
    max_assets: 20,
  },
  {
    name: 'Memphis Warehouse',
    address: 'Memphis, TN, US',
    lat: 35.1495,
    lng: -90.049,
    radius: 1.5,
    allowable_dwell_days: 2,
  },
] as const;

/** Command templates per protocol, as the trackers' manuals give them. */
const COMMANDS: Record<string, Omit<typeof commands.$inferInsert, 'model_id'>[]> = {
  gt06: [
    { title: 'Locate now', description: 'Ask for the current position', commands: 'WHERE#' },
    { title: 'Reboot', description: 'Restart the tracker', commands: 'RESET#' },
    {
      title: 'Report interval',
      description: 'Seconds between reports while moving',
      commands: 'TIMER,__seconds__#',
      has_arguments: true,
    },
  ],
  teltonika: [
    { title: 'Device info', description: 'Firmware, uptime and connection', commands: 'getinfo' },
    { title: 'Locate now', description: 'Ask for the current position', commands: 'getgps' },
    {
      title: 'Set output',
      description: 'Switch digital output 1 (1 on, 0 off)',
      commands: 'setdigout __state__',
      has_arguments: true,
    },
  ],
  osmand: [
    {
      title: 'Ask for a report',
      description: 'Text the phone to open the app',
      commands: 'Please open Traccar Client',
      is_sent_via_data: false,
    },
  ],
};

const FLEET_NAMES = ['Truck', 'Van', 'Trailer', 'Reefer', 'Container', 'Pickup'];

type Status = (typeof subscriptions.$inferInsert)['status'];
/** The demo's blocked tracker last reported this many days ago. */
const BLOCKED_DAYS_AGO = 10;
/** Mostly active, with one of each other status so every badge shows up in the demo. */
const statusOf = (i: number): Status =>
  (['pending', 'pending-renewal', 'pending-cancellation', 'cancelled', 'blocked'] as const)[
    i - 55
  ] ?? 'active';

export const toRaw = (serial: string, f: Fix): RawPosition => ({
  serial,
  deviceTime: f.time,
  lat: f.lat,
  lng: f.lng,
  valid: true,
  fix: f.fix,
  speed: f.speedKmh,
  speedUnit: 'kmh',
  course: f.course,
  altitude: f.altitude,
  accuracy: f.accuracy,
  satellites: f.satellites,
  battery: f.battery,
  charging: f.charging,
  ignition: f.ignition,
  ...(f.alarm ? { alarm: f.alarm } : {}),
});

/**
 * The demo fleet: models, 60 trackers of Demo Logistics and 3 of Demo Home with
 * subscriptions, depots as geofences, and 90 days of history submitted to the pipeline (so
 * stops, visits, events and odometers are real).
 */
export async function seedDemoFleet(
  database: Database,
  pipeline: Pick<PositionPipeline, 'submit'>,
  log: FastifyBaseLogger,
  now = new Date(),
) {
  const { db } = database;
  const started = Date.now();
  const [logistics] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const [home] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Home'));
  if (!logistics || !home) return;

  const modelRows = await db
    .insert(models)
    .values(MODELS.map((m) => ({ ...m })))
    .returning();
  await db
    .insert(commands)
    .values(
      modelRows.flatMap((m) => (COMMANDS[m.protocol] ?? []).map((c) => ({ ...c, model_id: m.id }))),
    );
  const modelOf = (i: number) => modelRows[i % 4 === 3 ? 3 : i % 7 === 0 ? 4 : i % 3]!;

  const plan = Array.from({ length: 63 }, (_, i) => {
    const account = i < 60 ? logistics : home;
    const model = i < 60 ? modelOf(i) : modelRows[i === 60 ? 0 : 4]!;
    const kind = i < 60 ? FLEET_NAMES[i % FLEET_NAMES.length]! : 'Family car';
    return {
      i,
      account,
      model,
      name:
        i < 60
          ? `${kind} ${String(i + 1).padStart(2, '0')}`
          : ['Family car', "Sam's phone", 'Dog collar'][i - 60]!,
      serial: `${DEMO_SERIAL_PREFIX}${String(i).padStart(10, '0')}`,
      status: i < 60 ? statusOf(i) : 'active',
    };
  });

  const subs = await db
    .insert(subscriptions)
    .values(
      plan.map((d) => ({
        account_id: d.account.id,
        // Blocked once its history is in (below): a blocked tracker's reports are refused.
        status: d.status === 'blocked' ? 'active' : d.status,
        start_at: new Date(now.getTime() - (120 + d.i) * 86_400_000),
        renewal_date: new Date(now.getTime() + (10 + ((d.i * 7) % 300)) * 86_400_000),
        months: d.i % 2 ? 12 : 1,
        renewal_months: d.i % 2 ? 12 : 1,
        price: d.i % 2 ? 19_900 : 1_995,
        actual_price: d.i % 2 ? 19_900 : 1_995,
        renewal_price: d.i % 2 ? 19_900 : 1_995,
      })),
    )
    .returning({ id: subscriptions.id });
  const created = await db
    .insert(devices)
    .values(
      plan.map((d, k) => ({
        account_id: d.account.id,
        model_id: d.model.id,
        subscription_id: subs[k]!.id,
        name: d.name,
        serial: d.serial,
        imei: d.serial,
        phone: `+1312555${String(1000 + d.i).slice(-4)}`,
        note: d.i % 5 === 0 ? 'Check tyre pressure at next stop' : null,
        has_voice: d.model.device_type === 'll02',
        live_audio_minutes: d.model.device_type === 'll02' ? 120 : 0,
      })),
    )
    .returning({ id: devices.id, serial: devices.serial });

  await db
    .insert(geofences)
    .values(DEPOTS.map((g) => ({ ...g, account_id: logistics.id, is_alertable: true })));
  await seedDemoAnchors(db, logistics.id);

  await seedDemoGroups(db, logistics.id);
  await seedDemoUsers(db, logistics.id);
  await seedDemoSims(db, logistics.id, new Date(now.getTime() - 120 * 86_400_000));

  // The viewer may see the first five trackers only.
  const [viewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'viewer@demo.test'));
  if (viewer) {
    await db
      .update(accountMemberships)
      .set({ device_ids: created.slice(0, 5).map((d) => d.id) })
      .where(eq(accountMemberships.user_id, viewer.id));
  }

  // Provisioned (pending) trackers have not reported yet; a blocked one stopped when its
  // renewal failed, BLOCKED_DAYS_AGO days back.
  const historyFrom = historyFromOf(logistics.created_at);
  const reporting = plan.filter((d) => d.status !== 'pending' && d.status !== 'blocked');
  const serialOf = (name: string) =>
    plan.find((d) => d.account === logistics && d.name === name)!.serial;
  // Someone in the 'Low battery' and 'Alarm' chips (demo-attention.ts).
  const endings = new Map([
    [serialOf(DEMO_FLAT_BATTERY_TRACKER), drainBattery],
    [serialOf(DEMO_SOS_TRACKER), (fixes: readonly Fix[]) => pressSos(fixes, now)],
  ]);
  await loadHistory(
    pipeline,
    reporting.map((d) => d.serial),
    historyFrom,
    now,
    endings,
  );
  const blocked = plan.flatMap((d, k) => (d.status === 'blocked' ? [{ ...d, k }] : []));
  await loadHistory(
    pipeline,
    blocked.map((d) => d.serial),
    historyFrom,
    new Date(now.getTime() - BLOCKED_DAYS_AGO * 86_400_000),
    endings,
  );
  if (blocked.length > 0) {
    await db
      .update(subscriptions)
      .set({ status: 'blocked' })
      .where(
        inArray(
          subscriptions.id,
          blocked.map((d) => subs[d.k]!.id),
        ),
      );
  }
  // SOS and overspeed stay raised until a user clears them: the months before were dealt with
  // at the time, so only today's SOS stands (demo-attention.ts).
  await db
    .update(devices)
    .set({ sos: false, overspeed: false })
    .where(
      and(
        inArray(
          devices.id,
          created.map((d) => d.id),
        ),
        ne(devices.serial, serialOf(DEMO_SOS_TRACKER)),
      ),
    );
  log.info({ ms: Date.now() - started, devices: created.length }, 'demo fleet seeded');
}

/**
 * Where the demo's history starts: DEMO_HISTORY_DAYS before Demo Logistics was created, a time
 * the database keeps. The seed generates each vehicle from it and the simulator, at any later
 * start, continues the same vehicles from it, so the live fixes go on from where the seeded
 * history ended instead of from another vehicle's place (a 300 km jump in a minute, issue 35).
 */
const historyFromOf = (seededAt: Date) =>
  new Date(seededAt.getTime() - DEMO_HISTORY_DAYS * 86_400_000);

/** The seeded history's start (see historyFromOf), or undefined before the demo is seeded. */
export async function demoHistoryFrom(database: Database): Promise<Date | undefined> {
  const [logistics] = await database.db
    .select({ created_at: accounts.created_at })
    .from(accounts)
    .where(eq(accounts.title, 'Demo Logistics'));
  return logistics ? historyFromOf(logistics.created_at) : undefined;
}

/**
 * Each tracker's history goes in through the pipeline's one entry, as a tracker's reports
 * would, so stops, visits, events and odometers are what live ingest makes of them.
 */
async function loadHistory(
  pipeline: Pick<PositionPipeline, 'submit'>,
  serials: string[],
  from: Date,
  to: Date,
  /** A tracker's history changed at its end, by serial (demo-attention.ts). */
  endings: ReadonlyMap<string, (fixes: readonly Fix[]) => Fix[]> = new Map(),
) {
  for (const serial of serials) {
    const ending = endings.get(serial) ?? ((fixes: readonly Fix[]) => [...fixes]);
    const fixes = thinOlderHistory(ending(generateHistory(serial, from, to)), to);
    await pipeline.submit(
      fixes.map((f) => toRaw(serial, f)),
      'demo',
    );
  }
}

const motionOf = (f: Fix) => (f.speedKmh > 1 ? 'moving' : f.ignition ? 'idling' : 'parked');

/** History older than this keeps every fix; before it, fewer (see thinOlderHistory). */
const FULL_DETAIL_MS = 3 * 86_400_000;

/**
 * Keeps months of demo history small enough to load in seconds: before the last three days a
 * moving tracker keeps a fix every 10 minutes and a parked one every 2 hours, plus every fix
 * where it starts or stops moving or switches its engine on or off, every fix while it idles
 * (engine on, standing: the few minutes of a warm-up, kept whole so the idle time is) and every
 * alarm, so stops, visits, events and idle time stay true.
 */
export function thinOlderHistory(fixes: readonly Fix[], now: Date): Fix[] {
  const detailFrom = now.getTime() - FULL_DETAIL_MS;
  const kept: Fix[] = [];
  let last: Fix | undefined;
  for (const f of fixes) {
    const state = motionOf(f);
    const gap = last ? f.time.getTime() - last.time.getTime() : Infinity;
    const changed = last !== undefined && state !== motionOf(last);
    if (
      f.time.getTime() >= detailFrom ||
      changed ||
      state === 'idling' ||
      f.alarm ||
      gap >= (state === 'moving' ? 10 : 120) * 60_000
    ) {
      kept.push(f);
      last = f;
    }
  }
  return kept;
}

/**
 * Hardware that reports before anyone provisioned it: the simulator sends these serials, which
 * no tracker has, so they show among the unassigned serials until a platform admin provisions
 * them (to Demo Rentals, say) and they appear on that account's map (issue 23).
 */
export const DEMO_UNPROVISIONED: readonly DeviceSpec[] = [
  { serial: `${DEMO_SERIAL_PREFIX}0000000900`, protocol: 'osmand' },
  { serial: `${DEMO_SERIAL_PREFIX}0000000901`, protocol: 'gt06' },
];

/**
 * A trailer parked at its last stop, its tracker reporting nothing new: the simulator leaves it
 * alone, so a browser test can move it by hand and nothing else does (Trailer 51).
 */
export const DEMO_PARKED_SERIALS: ReadonlySet<string> = new Set([
  `${DEMO_SERIAL_PREFIX}${String(50).padStart(10, '0')}`,
]);

/**
 * The demo trackers the in-process simulator keeps moving (provisioned, cancelled, blocked and
 * parked ones stay silent), and the unprovisioned hardware.
 */
export async function demoSimulatorDevices(database: Database): Promise<DeviceSpec[]> {
  const rows = await database.db
    .select({ serial: devices.serial, protocol: models.protocol, status: subscriptions.status })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .innerJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .where(inArray(subscriptions.status, ['active', 'pending-renewal', 'pending-cancellation']));
  const trackers = rows
    .filter((r) => r.serial.startsWith(DEMO_SERIAL_PREFIX) && !DEMO_PARKED_SERIALS.has(r.serial))
    .map((r) => ({ serial: r.serial, protocol: r.protocol as Protocol }));
  const tracked = new Set(trackers.map((t) => t.serial));
  return [...trackers, ...DEMO_UNPROVISIONED.filter((d) => !tracked.has(d.serial))];
}
