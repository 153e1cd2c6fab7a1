import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { RealtimeMessage, Shipment } from '@waymark/domain';
import { deviceEvents, devices, mailOutbox, shipmentPredictions } from '../../db/schema';
import { startListeners } from '../../ingest/listeners';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../ingest/protocols/teltonika/teltonika.device';
import { createModel, createTestApp, type TestApp } from '../../test/test-app';
import { predictionRow, recordPredictions } from './shipment-clock.queries';
import { fix, hoursFromNow, shipmentFleet, type ShipmentFleet } from './shipments.fixture';
import { RealtimeHub } from '../../realtime/hub';

/**
 * The shipment clock with real positions through the pipeline: a tracker of the fleet drives
 * north from the Chicago depot to the customer yard 60 km away (0.01° of latitude is 1.11 km).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
const DEPOT_LAT = 41.8781;
const CUSTOMER_LAT = 42.4181;
const minutesAgo = (m: number) => new Date(Date.now() - m * MIN);

/** Fixes a minute apart at `kmh` northwards from the depot, `from` to `to` minutes ago. */
function northbound(serial: string, from: number, to: number, kmh: number, startLat = DEPOT_LAT) {
  const perMinute = (kmh * 1000) / 60 / 111_195;
  return Array.from({ length: from - to + 1 }, (_, i) =>
    fix(serial, minutesAgo(from - i), Math.min(CUSTOMER_LAT, startLat + i * perMinute)),
  );
}

/**
 * Runs `steps` with the wall clock at `time` (only Date is faked; timers run as usual): a fix
 * from later than now is refused by the position filter, so the test moves the clock to it.
 */
async function atClock(time: Date, steps: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'], now: time });
  try {
    await steps();
  } finally {
    vi.useRealTimers();
  }
}

/** One batch per fix, as a live tracker reports; then waits for the clock. */
async function drive(fixes: ReturnType<typeof fix>[]) {
  for (const one of fixes) await t.ctx.pipeline.submit([one], 'test');
  await t.ctx.bus.flush();
  await t.ctx.shipmentClock.settled();
}

async function details(f: ShipmentFleet, id: number) {
  const response = await t.app.inject({
    url: f.url(`/${id}?include=events`),
    headers: f.headers.admin,
  });
  return response.json<{ data: Shipment }>().data;
}

describe('the shipment clock on committed positions', () => {
  it('begins, predicts and completes a shipment as its tracker drives, telling everyone', async () => {
    const f = await shipmentFleet(t);
    const seen: RealtimeMessage[] = [];
    // What the api role's hub hears from the bus.
    const unsubscribe = new RealtimeHub(t.ctx.bus).subscribe(
      `accounts.${f.account.id}.events`,
      (m) => seen.push(m),
    );
    const shipment = await f.create({
      start_at: hoursFromNow(-2),
      end_at: hoursFromNow(2),
      notification_emails: ['dispatch@example.test'],
    });

    // Parked at the depot: Not Started.
    await drive([fix(f.alpha.serial, minutesAgo(70), DEPOT_LAT + 0.001)]);
    expect((await details(f, shipment.id)).status).toBe('not-started');

    // 60 km at 90 km/h: out of the depot in a minute or two, at the yard after 40.
    await drive(northbound(f.alpha.serial, 60, 15, 90));
    const done = await details(f, shipment.id);
    expect(done.status).toBe('completed');
    expect(done.events!.map((e) => e.description)).toEqual([
      'Shipment PO 4471 left Chicago Depot',
      'Shipment PO 4471 arrived at Customer Yard',
    ]);
    const arrivedAt = Date.parse(done.ended_at!);
    expect(arrivedAt).toBeGreaterThan(minutesAgo(25).getTime());
    expect(arrivedAt).toBeLessThan(minutesAgo(15).getTime());

    // The predictions kept, each within the road factor of the real arrival.
    const predictions = await t.db
      .select()
      .from(shipmentPredictions)
      .where(eq(shipmentPredictions.shipment_id, shipment.id))
      .orderBy(asc(shipmentPredictions.predicted_at));
    // Kept whenever the estimate moved a minute, or every 15 minutes of fixes (KEEP_EVERY_MS).
    expect(predictions.length).toBeGreaterThan(8);
    for (const p of predictions) {
      const remaining = arrivedAt - p.predicted_at.getTime();
      const predicted = p.estimated_end_at.getTime() - p.predicted_at.getTime();
      expect(predicted).toBeGreaterThan(remaining * 0.9 - MIN);
      // The last 10 km at town speed (45 km/h): up to 7 minutes more than this 90 km/h trip.
      expect(predicted).toBeLessThan(remaining * 1.25 + 8 * MIN);
    }

    // Among the tracker's events, on the realtime channel, and mailed.
    const tracker = await t.db
      .select({ type: deviceEvents.event_type })
      .from(deviceEvents)
      .where(eq(deviceEvents.device_id, f.alpha.id));
    expect(tracker.map((e) => e.type).filter((type) => type.startsWith('shipment'))).toEqual([
      'shipment-begin',
      'shipment-end',
    ]);
    expect(
      seen
        .map((m) => m.data as { event_type: string })
        .filter((e) => e.event_type.startsWith('shipment'))
        .map((e) => e.event_type),
    ).toEqual(['shipment-begin', 'shipment-end']);
    unsubscribe();
    await t.ctx.jobs.idle();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'dispatch@example.test'));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      done.events!.map((e) => e.description).sort(),
    );
  });

  it('says a shipment whose tracker is already elsewhere started away from its start', async () => {
    const f = await shipmentFleet(t);
    // Both trucks are in Arkansas, 900 km from the Chicago depot, before their shipments start.
    const ARKANSAS = { lat: 34.7465, lng: -92.2896 };
    await drive([
      fix(f.alpha.serial, minutesAgo(40), ARKANSAS.lat, ARKANSAS.lng),
      fix(f.bravo.serial, minutesAgo(40), ARKANSAS.lat, ARKANSAS.lng),
    ]);
    // One started 10 minutes ago (caught up on creation), one starts in an hour.
    const past = await f.create({
      start_at: hoursFromNow(-1 / 6),
      end_at: hoursFromNow(20),
      notification_emails: ['away@example.test'],
    });
    const ahead = await f.create({
      name: 'PO 4472',
      device_id: f.bravo.id,
      start_at: hoursFromNow(1),
      end_at: hoursFromNow(20),
    });
    await drive([fix(f.alpha.serial, minutesAgo(1), ARKANSAS.lat + 0.01, ARKANSAS.lng)]);
    const later = new Date(Date.now() + 90 * MIN);
    const bravoLater = fix(f.bravo.serial, later, ARKANSAS.lat + 0.01, ARKANSAS.lng);
    await atClock(later, () => drive([bravoLater]));
    // PGlite's now() followed the faked clock: the outbox jobs queued meanwhile start 90
    // minutes ahead of the real one. Back on it, they are due now.
    await t.db.execute(
      sql`UPDATE pgboss.job SET start_after = now()
          WHERE name = 'outbound-message' AND state = 'created' AND start_after > now()`,
    );
    const first = await details(f, past.id);
    expect(first.status).toBe('in-progress');
    expect(first.events!.map((e) => e.description)).toEqual([
      'Shipment PO 4471 started away from Chicago Depot',
    ]);
    expect((await details(f, ahead.id)).events!.map((e) => e.description)).toEqual([
      'Shipment PO 4472 started away from Chicago Depot',
    ]);
    await t.ctx.jobs.idle();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'away@example.test'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Shipment PO 4471 started away from Chicago Depot',
    ]);
  });

  it('runs late by prediction before the deadline, then completes late', async () => {
    const f = await shipmentFleet(t);
    // Due 10 minutes from now; at 45 km/h the 60 km take 80 minutes: every prediction says
    // late, and after half an hour of them the shipment is Running Late.
    const shipment = await f.create({ start_at: hoursFromNow(-2), end_at: hoursFromNow(1 / 6) });
    await drive(northbound(f.alpha.serial, 60, 5, 45));
    const late = await details(f, shipment.id);
    expect(late.status).toBe('running-late');
    const warning = late.events!.find((e) => e.event_type === 'shipment-late')!;
    expect(warning.description).toMatch(
      /^Shipment PO 4471 is running late: expected at Customer Yard \d+ (h|min)/,
    );
    expect(Date.parse(warning.event_at)).toBeLessThan(Date.parse(late.end_at));
    expect(Date.parse(late.estimated_end_at!)).toBeGreaterThan(Date.parse(late.end_at));

    // It gets there after all, long after the deadline: Completed Late.
    const arrival = new Date(Date.now() + 2 * 3600_000);
    await atClock(arrival, async () => {
      await drive([fix(f.alpha.serial, arrival, CUSTOMER_LAT)]);
      expect((await details(f, shipment.id)).status).toBe('completed-late');
    });
  });

  it('follows edits: End stops the clock, and a moved geofence is where it arrives', async () => {
    const f = await shipmentFleet(t);
    const ended = await f.create({ name: 'Ended', device_id: f.bravo.id });
    const moved = await f.create({
      name: 'Moved',
      start_at: hoursFromNow(-2),
      end_at: hoursFromNow(2),
    });
    await t.app.inject({
      method: 'POST',
      url: f.url(`/${ended.id}/finished`),
      headers: f.headers.admin,
    });
    await drive(northbound(f.bravo.serial, 60, 15, 90));
    expect((await details(f, ended.id)).events!.map((e) => e.event_type)).toEqual(['shipment-end']);

    // The customer moves its yard 10 km south, before the tracker gets there.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${f.account.id}/geofences/${f.customer.id}`,
      headers: f.headers.admin,
      payload: { lat: 42.33, lng: -87.6298, radius: 1, is_irregular: 0 },
    });
    expect(put.statusCode).toBe(200);
    await drive(northbound(f.alpha.serial, 60, 25, 90));
    const arrived = await details(f, moved.id);
    expect(arrived.status).toBe('completed');
    // 49 km to the moved yard's edge at 1.5 km a minute: about 27 minutes ago (the old yard's
    // edge would have been reached 20 minutes ago).
    expect(Date.parse(arrived.ended_at!)).toBeGreaterThan(minutesAgo(30).getTime());
    expect(Date.parse(arrived.ended_at!)).toBeLessThan(minutesAgo(24).getTime());
  });

  it('follows positions only while there are ongoing shipments', async () => {
    const own = await createTestApp();
    try {
      await own.ctx.shipmentClock.settled();
      expect(own.ctx.shipmentClock.following).toBe(false);
      const f = await shipmentFleet(own);
      await own.ctx.shipmentClock.settled();
      expect(own.ctx.shipmentClock.following).toBe(true);
      // The fleet's only shipment is the other account's: ending it leaves none ongoing.
      await own.app.inject({
        method: 'POST',
        url: `/api/accounts/${f.other.id}/shipments/${f.otherShipment.id}/finished`,
        headers: f.headers.otherAdmin,
      });
      await own.ctx.shipmentClock.settled();
      expect(own.ctx.shipmentClock.following).toBe(false);
    } finally {
      await own.close();
    }
  });
});

describe('the shipment clock behind a real tracker connection', () => {
  it('completes a shipment from Teltonika packets sent to the listener', async () => {
    const ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
    try {
      const f = await shipmentFleet(t);
      const model = await createModel(t, { protocol: 'teltonika' });
      await t.db.update(devices).set({ model_id: model.id }).where(eq(devices.id, f.alpha.id));
      const shipment = await f.create({ start_at: hoursFromNow(-2), end_at: hoursFromNow(2) });
      const socket = net.connect(ingest.listeners.teltonika.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const answers: Buffer[] = [];
      let wake: (() => void) | undefined;
      socket.on('data', (chunk) => {
        answers.push(chunk);
        wake?.();
      });
      const answer = () =>
        new Promise<void>((resolve) => {
          wake = () => {
            wake = undefined;
            resolve();
          };
        });
      let waiting = answer();
      socket.write(encodeTeltonikaImei(f.alpha.serial));
      await waiting;
      for (const one of [
        fix(f.alpha.serial, minutesAgo(50), DEPOT_LAT + 0.05),
        // 55 km in 40 minutes: a drive the position filter believes.
        fix(f.alpha.serial, minutesAgo(10), CUSTOMER_LAT),
      ]) {
        waiting = answer();
        socket.write(
          encodeTeltonikaAvl([
            {
              time: one.deviceTime,
              lat: one.lat,
              lng: one.lng,
              altitude: 180,
              angle: 0,
              satellites: 9,
              speedKmh: 80,
            },
          ]),
        );
        await waiting;
      }
      socket.destroy();
      await t.ctx.bus.flush();
      await t.ctx.shipmentClock.settled();
      const done = await details(f, shipment.id);
      expect(done.status).toBe('completed');
      expect(done.events!.map((e) => e.event_type)).toEqual(['shipment-begin', 'shipment-end']);
    } finally {
      await ingest.close();
    }
  });
});

describe('the predictions kept', () => {
  it('keeps a heartbeat in the history without rewriting the stored estimate', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({ start_at: hoursFromNow(-2), end_at: hoursFromNow(2) });
    const at = Date.now() - 10 * MIN;
    const prediction = (minutesLater: number, estimatedEndAt: number) => ({
      at: at + minutesLater * MIN,
      estimatedEndAt,
      remainingM: 30_000,
      speedMps: 20,
      roadFactor: 1.2,
      lat: DEPOT_LAT,
      lng: -87.6298,
    });
    const moved = at + 60 * MIN;
    await recordPredictions(t.db, [predictionRow(shipment.id, prediction(0, moved))]);
    await recordPredictions(t.db, [
      predictionRow(shipment.id, prediction(5, moved + 30_000), false),
    ]);

    const history = await t.db
      .select()
      .from(shipmentPredictions)
      .where(eq(shipmentPredictions.shipment_id, shipment.id))
      .orderBy(asc(shipmentPredictions.predicted_at));
    expect(history.map((p) => p.estimated_end_at.getTime())).toEqual([moved, moved + 30_000]);
    expect(Date.parse((await details(f, shipment.id)).estimated_end_at!)).toBe(moved);
  });
});
