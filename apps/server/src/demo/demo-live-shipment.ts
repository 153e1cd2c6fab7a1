import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RunningSimulator } from '@waymark/simulator/simulator';
import type { AppContext } from '../app-context';
import { accounts, devices, shipments } from '../db/schema';
import { createShipment, removeShipments } from '../modules/shipments/shipments.service';
import { plannerOf } from './demo-shipments';

/** Marks the live demo shipments, so a later start replaces the one an earlier start planned. */
export const LIVE_CARRIER = 'Waymark Live Demo';
const MINUTE = 60_000;
/** Far enough ahead to watch it In Progress first, near enough to see it arrive. */
const EARLIEST_ARRIVAL_MS = 15 * MINUTE;
const HORIZON_MS = 12 * 60 * MINUTE;

/**
 * One shipment the demo's simulated trackers drive to completion while the server runs: of the
 * trips the simulator's vehicles are on or about to start, the one that arrives first (after a
 * quarter of an hour), planned from where it sets off to where it stops, due half an hour after
 * it gets there. Nothing else moves it: the clock follows the tracker's live positions, begins
 * it when it leaves and completes it on arrival. The vehicles of a new start drive elsewhere,
 * so a live shipment an earlier start planned and that is still ongoing is deleted first.
 */
export async function planLiveShipment(
  ctx: AppContext,
  simulator: Pick<RunningSimulator, 'devices' | 'upcomingTrip'>,
  log: FastifyBaseLogger,
  now = Date.now(),
) {
  const { db } = ctx.database;
  const [account] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const actor = account && (await plannerOf(db, account.id));
  if (!account || !actor) return undefined;

  const stale = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.account_id, account.id),
        eq(shipments.carrier, LIVE_CARRIER),
        inArray(shipments.status, ['not-started', 'in-progress', 'running-late']),
      ),
    );
  if (stale.length > 0)
    await removeShipments(
      ctx,
      actor,
      stale.map((s) => s.id),
      'general',
    );

  const driven = new Set(simulator.devices.map((d) => d.serial));
  const trackers = (
    await db
      .select({ id: devices.id, serial: devices.serial })
      .from(devices)
      .where(eq(devices.account_id, account.id))
  ).filter((d) => driven.has(d.serial));
  let best:
    | { deviceId: number; trip: NonNullable<ReturnType<RunningSimulator['upcomingTrip']>> }
    | undefined;
  for (const tracker of trackers) {
    const trip = simulator.upcomingTrip(tracker.serial, now + HORIZON_MS);
    if (!trip || trip.arrivesAt < now + EARLIEST_ARRIVAL_MS) continue;
    if (!best || trip.arrivesAt < best.trip.arrivesAt) best = { deviceId: tracker.id, trip };
  }
  if (!best) {
    log.info('no demo trip arrives in the next 12 hours: no live shipment');
    return undefined;
  }
  const { trip } = best;
  const shipment = await createShipment(ctx, actor, {
    name: `Live: ${trip.origin.name} to ${trip.destination.name}`,
    carrier: LIVE_CARRIER,
    start_at: new Date(trip.departsAt === null ? now : trip.departsAt - 10 * MINUTE),
    end_at: new Date(trip.arrivesAt + 30 * MINUTE),
    device_id: best.deviceId,
    from_address: { name: `Pickup near ${trip.origin.name}`, ...trip.from },
    to_address: { name: `Drop-off near ${trip.destination.name}`, ...trip.to },
    notify_at: 0,
    notification_emails: ['dispatch@demo.test'],
    notification_phone_numbers: [],
  });
  log.info(
    { shipment: shipment.id, arrivesAt: new Date(trip.arrivesAt).toISOString() },
    'live demo shipment planned',
  );
  return shipment;
}
