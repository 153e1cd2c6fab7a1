import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  catchUp,
  newShipmentClock,
  placeOfGeofence,
  type ShipmentCreate,
  type ShipmentStatus,
} from '@waymark/domain';
import { actorOf, type Actor } from '../access/actor';
import type { AppContext } from '../app-context';
import { queryRows, type Db } from '../db/client';
import { accountMemberships, accounts, devices, geofences } from '../db/schema';
import { fixesBetween } from '../modules/shipments/shipment-clock.queries';
import { archiveShipments, createShipment } from '../modules/shipments/shipments.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Longer ones are a tracker's weeks on the road that happen to end at a depot. */
const LONGEST_TRIP_MS = 4 * DAY;
const CARRIERS = ['Acme Freight', 'Blue Line Logistics', 'Northstar Carriers', 'Prairie Haulers'];

type Depot = typeof geofences.$inferSelect;

/** A tracker's way from one depot to another: it left `from`, and next arrived at `to`. */
interface DepotTrip {
  device_id: number;
  from_id: number;
  left_at: Date;
  to_id: number | null;
  arrived_at: Date | null;
}

/**
 * Each tracker's departures from a depot of the account, most recent first, with the next
 * depot it arrived at (null when it has not reached another one since), from the visits the
 * pipeline recorded.
 */
async function depotTrips(db: Db, accountId: number): Promise<DepotTrip[]> {
  const rows = await queryRows<DepotTrip & { left_at: Date | string; arrived_at: Date | string }>(
    db,
    sql`WITH v AS (
          SELECT device_id, geofence_id, exited_at,
            lead(geofence_id) OVER w AS next_id, lead(entered_at) OVER w AS next_at
          FROM geofence_visits WHERE account_id = ${accountId}
          WINDOW w AS (PARTITION BY device_id ORDER BY entered_at))
        SELECT device_id, geofence_id AS from_id, exited_at AS left_at,
          next_id AS to_id, next_at AS arrived_at
        FROM v WHERE exited_at IS NOT NULL AND (next_id IS NULL OR next_id <> geofence_id)
        ORDER BY exited_at DESC`,
  );
  return rows.map((r) => ({
    ...r,
    left_at: new Date(r.left_at),
    arrived_at: r.arrived_at === null ? null : new Date(r.arrived_at),
  }));
}

/** A demo shipment to plan, and the status the tracker's own history must give it. */
interface Plan {
  want: ShipmentStatus;
  deviceId: number;
  from: Depot;
  to: Depot;
  start: Date;
  end: Date;
  archive?: boolean;
}

/** "Chicago Depot" → "Chicago", "Los Angeles Port" → "Los Angeles". */
const town = (depot: Depot) => depot.name.replace(/\s+\S+$/, '');

/** The candidate plans for each status, best first (recent trips lead). */
function candidates(trips: DepotTrip[], depots: Map<number, Depot>, now: number): Plan[] {
  const plans: Plan[] = [];
  const depot = (id: number) => depots.get(id)!;
  const elsewhere = (id: number) => [...depots.values()].find((d) => d.id !== id)!;
  for (const trip of trips) {
    const left = trip.left_at.getTime();
    const base = {
      deviceId: trip.device_id,
      from: depot(trip.from_id),
      start: new Date(left - HOUR),
    };
    const arrived = trip.arrived_at?.getTime();
    const finished = arrived !== undefined && arrived < now - HOUR;
    if (trip.to_id !== null && finished && arrived - left <= LONGEST_TRIP_MS) {
      const to = depot(trip.to_id);
      plans.push({ ...base, to, want: 'completed', end: new Date(arrived + 4 * HOUR) });
      if (arrived - left >= 8 * HOUR) {
        plans.push({ ...base, to, want: 'completed-late', end: new Date(arrived - 4 * HOUR) });
      }
    }
    if (trip.to_id === null && left > now - 10 * DAY) {
      const to = elsewhere(trip.from_id);
      if (left < now - 8 * HOUR) {
        plans.push({ ...base, to, want: 'running-late', end: new Date(now - HOUR) });
      }
      if (left > now - 3 * DAY) {
        plans.push({ ...base, to, want: 'in-progress', end: new Date(now + 5 * DAY) });
      }
    }
  }
  return plans;
}

/**
 * How many of each status the demo shows, the scarcest first: a long trip can make a Completed
 * Late shipment or a Completed one, not both.
 */
const WANTED: [ShipmentStatus, number][] = [
  ['completed-late', 1],
  ['running-late', 1],
  ['in-progress', 2],
  ['completed', 4],
];

/**
 * The status a plan's tracker history gives it, by the clock's own rules (catching up on the
 * stored fixes exactly as creating the shipment will), and whether it was warned late.
 */
async function outcome(db: Db, plan: Plan, now: number) {
  const clock = newShipmentClock({
    startAt: plan.start.getTime(),
    endAt: plan.end.getTime(),
    notifyAtHours: 0,
    from: placeOfGeofence(plan.from),
    to: placeOfGeofence(plan.to),
  });
  const fixes = await fixesBetween(db, plan.deviceId, plan.start, new Date(now));
  const step = catchUp(clock, fixes, now);
  return { status: step.clock.status, warned: step.events.some((e) => e.type === 'shipment-late') };
}

/**
 * Plans that come out as wanted, each trip used once and at most one ongoing shipment per
 * tracker. The oldest Completed one goes to the Archived tab when there are two or more.
 */
async function choose(db: Db, plans: Plan[], now: number): Promise<Plan[]> {
  const chosen: Plan[] = [];
  const busy = new Set<number>();
  for (const [status, count] of WANTED) {
    const ongoing = status === 'running-late' || status === 'in-progress';
    let found = 0;
    for (const plan of plans.filter((p) => p.want === status)) {
      if (found === count) break;
      if (ongoing && busy.has(plan.deviceId)) continue;
      if (chosen.some((c) => c.deviceId === plan.deviceId && +c.start === +plan.start)) continue;
      const { status: comes, warned } = await outcome(db, plan, now);
      // A Completed one that was warned late on the way would show both.
      if (comes !== status || (status === 'completed' && warned)) continue;
      chosen.push(plan);
      if (ongoing) busy.add(plan.deviceId);
      found++;
    }
  }
  const completed = chosen.filter((p) => p.want === 'completed');
  if (completed.length >= 2) completed[completed.length - 1]!.archive = true;
  return chosen;
}

/** Two shipments that start tomorrow, on trackers the demo Viewer sees too. */
function notStarted(depotList: Depot[], deviceIds: number[], now: number): Plan[] {
  return deviceIds.slice(0, 2).map((deviceId, i) => {
    const start = new Date(Math.ceil((now + (26 + 5 * i) * HOUR) / HOUR) * HOUR);
    return {
      want: 'not-started' as const,
      deviceId,
      from: depotList[i % depotList.length]!,
      to: depotList[(i + 2) % depotList.length]!,
      start,
      end: new Date(start.getTime() + 2 * DAY),
    };
  });
}

/** The demo account's first admin, acting as the shipments' planner. */
export async function plannerOf(db: Db, accountId: number): Promise<Actor | undefined> {
  const [admin] = await db
    .select({ user_id: accountMemberships.user_id })
    .from(accountMemberships)
    .where(and(eq(accountMemberships.account_id, accountId), eq(accountMemberships.role, 'admin')))
    .orderBy(asc(accountMemberships.user_id))
    .limit(1);
  return admin ? actorOf(db, admin.user_id, accountId) : undefined;
}

/**
 * Shipments of Demo Logistics in every status, between its depots, planned through the
 * shipments service like any other: Completed and Completed Late ones from trips its trackers
 * really made (their visits), In Progress and Running Late ones on trips under way, and two
 * that start tomorrow. Each comes out as it does because the clock, catching up on the
 * tracker's history, makes it so. Run after the fleet's history is loaded.
 */
export async function seedDemoShipments(ctx: AppContext, log: FastifyBaseLogger, at = new Date()) {
  const { db } = ctx.database;
  const [account] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const actor = account && (await plannerOf(db, account.id));
  if (!account || !actor) return;
  const now = at.getTime();
  const depotList = await db
    .select()
    .from(geofences)
    .where(eq(geofences.account_id, account.id))
    .orderBy(asc(geofences.id));
  if (depotList.length < 2) return;
  const depots = new Map(depotList.map((d) => [d.id, d]));
  const trackers = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.account_id, account.id))
    .orderBy(asc(devices.id));
  const plans = [
    ...(await choose(db, candidates(await depotTrips(db, account.id), depots, now), now)),
    ...notStarted(
      depotList,
      trackers.map((t) => t.id),
      now,
    ),
  ];

  const archived: number[] = [];
  for (const [i, plan] of plans.entries()) {
    const body: ShipmentCreate = {
      name: `PO ${4101 + i} ${town(plan.from)} to ${town(plan.to)}`,
      carrier: CARRIERS[i % CARRIERS.length]!,
      start_at: plan.start,
      end_at: plan.end,
      device_id: plan.deviceId,
      from_geofence_id: plan.from.id,
      to_geofence_id: plan.to.id,
      notify_at: plan.want === 'not-started' ? 2 : 0,
      notification_emails: [],
      notification_phone_numbers: [],
    };
    const shipment = await createShipment(ctx, actor, body);
    if (plan.archive) archived.push(shipment.id);
  }
  if (archived.length > 0) await archiveShipments(ctx, actor, archived, true);
  log.info({ shipments: plans.length }, 'demo shipments planned');
}
