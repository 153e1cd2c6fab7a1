import { and, eq } from 'drizzle-orm';
import type { ApiReport, RawPosition, ReportCreateInput } from '@waymark/domain';
import { accountMemberships, deviceEvents } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createUser,
  type TestApp,
} from '../../test/test-app';

/** Test data of the report tests (imported by them only). */

export type Headers = Record<string, string>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A fixed hour to build tracks from: three hours ago, on the minute. */
export const trackStart = () => Math.floor((Date.now() - 3 * HOUR) / MINUTE) * MINUTE;
export const minutesAfter = (start: number, minutes: number) =>
  new Date(start + minutes * MINUTE).toISOString();

/**
 * An account with two trackers, a member of each role (the viewer sees Alpha only), and
 * another account with a tracker and an admin of its own.
 */
export async function reportFleet(t: TestApp) {
  const account = await createAccount(t);
  const alpha = await createDevice(t, account, { name: 'Alpha' });
  const bravo = await createDevice(t, account, { name: 'Bravo' });
  const admin = await createUser(t, { account, role: 'admin' });
  const manager = await createUser(t, { account, role: 'manager' });
  const power = await createUser(t, { account, role: 'user' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [alpha.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  const other = await createAccount(t);
  const otherDevice = await createDevice(t, other, { name: 'Foreign' });
  const otherAdmin = await authHeader(t, (await createUser(t, { account: other })).email);
  const headers = {
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    power: await authHeader(t, power.email),
    viewer: await authHeader(t, viewer.email),
    otherAdmin,
  };
  const url = (path = '') => `/api/accounts/${account.id}/reports${path}`;

  /** Saves a report as `as` (the admin by default); throws unless 201. */
  const create = async (payload: ReportCreateInput, as: Headers = headers.admin) => {
    const response = await t.app.inject({
      method: 'POST',
      url: url('?include=device'),
      headers: as,
      payload,
    });
    if (response.statusCode !== 201) {
      throw new Error(`create: ${response.statusCode} ${response.body}`);
    }
    return response.json<{ data: ApiReport }>().data;
  };
  return { account, alpha, bravo, other, otherDevice, headers, url, create };
}
export type ReportFleet = Awaited<ReturnType<typeof reportFleet>>;

/** A GPS fix as a protocol would have decoded it, with a battery and a temperature. */
const fix = (serial: string, at: number, lat: number, speedKmh: number): RawPosition => ({
  serial,
  deviceTime: new Date(at),
  lat,
  lng: -87.6298,
  valid: true,
  fix: 'gps',
  speed: speedKmh,
  speedUnit: 'kmh',
  accuracy: 5,
  battery: 80,
  temperature: 21.5,
});

/**
 * A tracker's hour from `start`: north for 10 minutes, parked 20 minutes, north again for
 * 10 minutes, a fix every 2 minutes (21 fixes).
 */
export function drive(serial: string, start: number): RawPosition[] {
  const fixes: RawPosition[] = [];
  for (let m = 0; m <= 40; m += 2) {
    const lat = m <= 10 ? 41.8 + m * 0.01 : m <= 30 ? 41.9 : 41.9 + (m - 30) * 0.01;
    const speed = m > 10 && m <= 30 ? 0 : 66;
    fixes.push(fix(serial, start + m * MINUTE, lat, speed));
  }
  return fixes;
}

/** Fixes parked at one place every 2 minutes over `minutes` from `start`. */
export const parked = (serial: string, start: number, minutes: number, lat = 42.5) =>
  Array.from({ length: minutes / 2 + 1 }, (_, i) => fix(serial, start + i * 2 * MINUTE, lat, 0));

/** Sends fixes through the pipeline and waits until what they set off has settled. */
export async function report(t: TestApp, fixes: RawPosition[]) {
  await t.ctx.pipeline.submit(fixes, 'test');
  await t.ctx.bus.flush();
}

/** An alert of the tracker at a time, stored as the pipeline would. */
export async function addEvent(
  t: TestApp,
  device: { id: number; account_id: number },
  at: number,
  description: string,
) {
  const [row] = await t.db
    .insert(deviceEvents)
    .values({
      account_id: device.account_id,
      device_id: device.id,
      event_type: 'geofence-enter',
      description,
      lat: 41.9,
      lng: -87.6298,
      created_at: new Date(at),
    })
    .returning({ id: deviceEvents.id });
  return row!.id;
}
