import { and, eq } from 'drizzle-orm';
import type { DialogCreated, DialogMessage, RawPosition } from '@waymark/domain';
import {
  accountMemberships,
  deviceGroups,
  devices,
  shipments,
  subscriptions,
} from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createModel,
  createUser,
  type TestApp,
} from '../../test/test-app';

/** Test data of Scout's tests (imported by them only). */

export type Headers = Record<string, string>;
const HOUR = 3_600_000;

/** A GPS fix as a protocol would have decoded it. */
export const fix = (
  serial: string,
  at: number,
  lat: number,
  lng: number,
  battery: number,
  speed = 0,
): RawPosition => ({
  serial,
  deviceTime: new Date(at),
  lat,
  lng,
  valid: true,
  fix: 'gps',
  speed,
  speedUnit: 'kmh',
  accuracy: 5,
  battery,
});

/** Depot: a circle of 500 m around this point. */
const DEPOT = { lat: 41.88, lng: -87.63 };

/**
 * A business account that may use Scout, with:
 * - Alpha Truck: drove into the Depot geofence in the last two hours, battery 80 %;
 * - Bravo Van: last reported three days ago far from the Depot, battery 12 % (low, overdue),
 *   in the group North Fleet;
 * - Charlie Reefer: never reported;
 * - a running-late shipment on Bravo and an on-time one on Alpha;
 * an admin (may use Ai), a viewer who sees Alpha only, an admin of an account without AI,
 * and another account's admin.
 */
export async function scoutFleet(t: TestApp) {
  const account = await createAccount(t, {
    is_b2b_account: true,
    can_track_shipments: true,
    settings: { ai_available: '1' },
  });
  const model = await createModel(t, { expected_report_minutes: 120 });
  const tracker = async (name: string) => {
    const [sub] = await t.db
      .insert(subscriptions)
      .values({ account_id: account.id, status: 'active' })
      .returning();
    return createDevice(t, account, { name, model_id: model.id, subscription_id: sub!.id });
  };
  const depot = await createGeofence(t, account, { name: 'Depot', ...DEPOT, radius: 0.5 });
  const alpha = await tracker('Alpha Truck');
  const bravo = await tracker('Bravo Van');
  const charlie = await tracker('Charlie Reefer');
  const [north] = await t.db
    .insert(deviceGroups)
    .values({ account_id: account.id, name: 'North Fleet' })
    .returning();
  await t.db
    .update(devices)
    .set({ group_ids: [north!.id] })
    .where(eq(devices.id, bravo.id));

  const now = Date.now();
  const alphaFixes = [0, 1, 2, 3].map((i) =>
    fix(
      alpha.serial,
      now - 2 * HOUR + i * 30 * 60_000,
      DEPOT.lat - 0.05 + i * (0.05 / 3),
      DEPOT.lng,
      80,
      i < 3 ? 60 : 0,
    ),
  );
  const bravoFixes = [0, 1].map((i) =>
    fix(bravo.serial, now - 72 * HOUR + i * 30 * 60_000, 42.3 + i * 0.02, -87.9, 12, 50),
  );
  await t.ctx.pipeline.submit([...alphaFixes, ...bravoFixes], 'test');
  await t.ctx.bus.flush();

  const shipment = (
    name: string,
    device: number,
    status: 'running-late' | 'in-progress',
    endInHours: number,
  ) => ({
    account_id: account.id,
    device_id: device,
    name,
    status,
    start_at: new Date(now - 24 * HOUR),
    end_at: new Date(now + endInHours * HOUR),
  });
  await t.db
    .insert(shipments)
    .values([
      shipment('Load 7 to Milwaukee', bravo.id, 'running-late', -3),
      shipment('Load 8 to Gary', alpha.id, 'in-progress', 5),
    ]);

  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [alpha.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  const noAi = await createAccount(t);
  const noAiAdmin = await createUser(t, { account: noAi, role: 'admin' });
  const other = await createAccount(t, { settings: { ai_available: '1' } });
  const otherAdmin = await createUser(t, { account: other, role: 'admin' });
  const secondAdmin = await createUser(t, { account, role: 'admin' });
  const headers = {
    admin: await authHeader(t, admin.email),
    secondAdmin: await authHeader(t, secondAdmin.email),
    viewer: await authHeader(t, viewer.email),
    noAiAdmin: await authHeader(t, noAiAdmin.email),
    otherAdmin: await authHeader(t, otherAdmin.email),
  };

  /** Starts a dialog as `as`; throws unless 201. */
  const start = async (message: string, as: Headers = headers.admin, extra: object = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/accounts/${account.id}/dialogs`,
      headers: as,
      payload: { message, ...extra },
    });
    if (response.statusCode !== 201)
      throw new Error(`start: ${response.statusCode} ${response.body}`);
    return response.json<{ data: DialogCreated }>().data;
  };

  /** Every message of the dialog once Scout has answered. */
  const messages = async (dialogId: number, as: Headers = headers.admin) => {
    await t.ctx.jobs.idle();
    const response = await t.app.inject({
      url: `/api/v2/dialogs/${dialogId}/messages`,
      headers: as,
    });
    if (response.statusCode !== 200)
      throw new Error(`messages: ${response.statusCode} ${response.body}`);
    return response.json<{ data: DialogMessage[] }>().data;
  };

  /** Asks in a new dialog and answers Scout's final message. */
  const ask = async (message: string) => {
    const dialog = await start(message);
    const all = await messages(dialog.id);
    return { dialog, all, answer: all.at(-1)! };
  };

  return {
    account,
    depot,
    alpha,
    bravo,
    charlie,
    north: north!,
    admin,
    viewer,
    noAi,
    other,
    headers,
    start,
    messages,
    ask,
  };
}
export type ScoutFleetFixture = Awaited<ReturnType<typeof scoutFleet>>;

/** The text of a message. */
export const textOf = (message: DialogMessage) =>
  message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');

/** The tool calls of messages, by name. */
export const toolCalls = (messages: DialogMessage[], name?: string) =>
  messages.flatMap((m) =>
    m.content.flatMap((b) => (b.type === 'tool_call' && (!name || b.name === name) ? [b] : [])),
  );
