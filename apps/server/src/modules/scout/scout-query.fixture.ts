import { eq } from 'drizzle-orm';
import {
  decodeDeviceRows,
  type DeviceListItem,
  type DialogCreated,
  type DialogMessage,
  type RawPosition,
  type RowsEnvelope,
} from '@waymark/domain';
import { deviceGroups, devices, shipments, subscriptions } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createModel,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { fix } from './scout.fixture';

/**
 * The fleet of the fleet-query tests (issue 38): trackers named as fleets name them, with
 * positions now, yesterday and last week sent through the real pipeline, so their trips and
 * daily summaries are stored as the pipeline stores them.
 * - Truck 07: drove yesterday, moving now near Chicago; carries PO 4102 (running, predicted);
 * - Truck 70: drove on last week's Wednesday, stopped now in Dallas Hub;
 * - Truck 43: drove last week's Wednesday and yesterday, stopped now near Chicago;
 * - Van 12: in the group Vans, stopped, battery 15 %;
 * - Container 11: battery 54 %, last report three days ago;
 * - Reefer 3 (6 °C) and Reefer 4 (2 °C), model Reefer Cold, both near Chicago.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const CHICAGO = { lat: 41.8781, lng: -87.6298 };
export const DALLAS = { lat: 32.7767, lng: -96.797 };

/** A drive east from `start` at `at`: `n` fixes a minute apart at 60 km/h, then a stop. */
function drive(serial: string, at: number, start: { lat: number; lng: number }, n: number) {
  const out: RawPosition[] = [];
  const step = 0.012; // ≈ 1 km of longitude at these latitudes per minute
  for (let i = 0; i < n; i++) {
    out.push(fix(serial, at + i * 60_000, start.lat, start.lng + i * step, 90, 60));
  }
  const last = out.at(-1)!;
  for (let i = 1; i <= 12; i++) {
    out.push(fix(serial, at + (n - 1) * 60_000 + i * 5 * 60_000, last.lat, last.lng, 90, 0));
  }
  return out;
}

/** The UTC day start of `days` ago, and of last week's Wednesday (accounts are UTC here). */
export function fixtureDays(now = Date.now()) {
  const today = Math.floor(now / DAY);
  const monday = today - ((today + 3) % 7);
  return { yesterday: (today - 1) * DAY, lastWednesday: (monday - 5) * DAY, today: today * DAY };
}

export async function queryFleet(t: TestApp) {
  const account = await createAccount(t, {
    is_b2b_account: true,
    can_track_shipments: true,
    settings: { ai_available: '1' },
  });
  const mobile = await createModel(t, { expected_report_minutes: 120 });
  const reefer = await createModel(t, { title: 'Reefer Cold', expected_report_minutes: 120 });
  const tracker = async (name: string, model = mobile.id) => {
    const [sub] = await t.db
      .insert(subscriptions)
      .values({ account_id: account.id, status: 'active' })
      .returning();
    return createDevice(t, account, { name, model_id: model, subscription_id: sub!.id });
  };
  const hub = await createGeofence(t, account, { name: 'Dallas Hub', ...DALLAS, radius: 1 });
  const truck07 = await tracker('Truck 07');
  const truck70 = await tracker('Truck 70');
  const truck43 = await tracker('Truck 43');
  const van12 = await tracker('Van 12');
  const container11 = await tracker('Container 11');
  const reefer3 = await tracker('Reefer 3', reefer.id);
  const reefer4 = await tracker('Reefer 4', reefer.id);
  const [vans] = await t.db
    .insert(deviceGroups)
    .values({ account_id: account.id, name: 'Vans' })
    .returning();
  await t.db
    .update(devices)
    .set({ group_ids: [vans!.id] })
    .where(eq(devices.id, van12.id));

  const now = Date.now();
  const { yesterday, lastWednesday } = fixtureDays(now);
  const westOfChicago = { lat: CHICAGO.lat, lng: CHICAGO.lng - 0.4 };
  const fixes: RawPosition[] = [
    ...drive(
      truck70.serial,
      lastWednesday + 10 * HOUR,
      { lat: DALLAS.lat, lng: DALLAS.lng - 0.3 },
      26,
    ),
    ...drive(truck43.serial, lastWednesday + 9 * HOUR, westOfChicago, 40),
    ...drive(truck07.serial, yesterday + 8 * HOUR, westOfChicago, 20),
    ...drive(truck43.serial, yesterday + 12 * HOUR, westOfChicago, 10),
    fix(container11.serial, now - 72 * HOUR, 40.71, -74.0, 54),
    fix(van12.serial, now - HOUR, 41.95, -87.65, 15),
    {
      ...fix(reefer3.serial, now - 30 * 60_000, CHICAGO.lat + 0.02, CHICAGO.lng, 70),
      temperature: 6,
    },
    {
      ...fix(reefer4.serial, now - 30 * 60_000, CHICAGO.lat - 0.02, CHICAGO.lng, 70),
      temperature: 2,
    },
    fix(truck07.serial, now - 10 * 60_000, CHICAGO.lat, CHICAGO.lng - 0.1, 88, 50),
    fix(truck07.serial, now - 5 * 60_000, CHICAGO.lat, CHICAGO.lng - 0.09, 88, 55),
    fix(truck43.serial, now - 20 * 60_000, CHICAGO.lat + 0.05, CHICAGO.lng, 60, 0),
    fix(truck70.serial, now - 15 * 60_000, DALLAS.lat, DALLAS.lng, 77, 0),
  ].sort((a, b) => a.deviceTime.getTime() - b.deviceTime.getTime());
  await t.ctx.pipeline.submit(fixes, 'test');
  await t.ctx.pipeline.flush();
  await t.ctx.bus.flush();

  await t.db.insert(shipments).values({
    account_id: account.id,
    device_id: truck07.id,
    name: 'PO 4102',
    status: 'in-progress',
    start_at: new Date(now - 2 * HOUR),
    end_at: new Date(now + 6 * HOUR),
    estimated_end_at: new Date(now + 5 * HOUR),
  });

  const admin = await createUser(t, { account, role: 'admin' });
  const headers = await authHeader(t, admin.email);

  /** Asks `message` (in `dialogId` when given) and answers Scout's final message. */
  const ask = async (message: string, dialogId?: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: dialogId
        ? `/api/v2/dialogs/${dialogId}/messages`
        : `/api/v2/accounts/${account.id}/dialogs`,
      headers,
      payload: { message },
    });
    if (response.statusCode !== 201 && response.statusCode !== 200)
      throw new Error(`ask: ${response.statusCode} ${response.body}`);
    const id = dialogId ?? response.json<{ data: DialogCreated }>().data.id;
    await t.ctx.jobs.idle();
    const all = await t.app.inject({ url: `/api/v2/dialogs/${id}/messages`, headers });
    const list = all.json<{ data: DialogMessage[] }>().data;
    return { dialogId: id, answer: list.at(-1)! };
  };

  return {
    account,
    hub,
    vans: vans!,
    trackers: { truck07, truck70, truck43, van12, container11, reefer3, reefer4 },
    headers,
    ask,
  };
}
export type QueryFleetFixture = Awaited<ReturnType<typeof queryFleet>>;

/** The fleet as the trackers screen lists it: the second computation the answers are held to. */
export async function listedTrackers(t: TestApp, f: QueryFleetFixture): Promise<DeviceListItem[]> {
  const response = await t.app.inject({
    url: `/api/accounts/${f.account.id}/device-list?with_current_position=1&format=rows`,
    headers: f.headers,
  });
  return decodeDeviceRows(response.json<{ data: RowsEnvelope }>().data);
}
