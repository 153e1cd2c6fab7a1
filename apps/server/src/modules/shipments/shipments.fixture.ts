import { and, eq } from 'drizzle-orm';
import type { RawPosition, Shipment, ShipmentCreateInput } from '@waymark/domain';
import { accountMemberships } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createUser,
  type TestApp,
} from '../../test/test-app';

/** Test data of the shipment tests (imported by them only). */

export type Headers = Record<string, string>;
export const HOUR = 3_600_000;
export const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/**
 * An account that tracks shipments with three trackers, a depot and a customer geofence 60 km
 * apart, a member of each role (the viewer sees Alpha only), and another account with a
 * shipment of its own.
 */
export async function shipmentFleet(t: TestApp) {
  const account = await createAccount(t, { can_track_shipments: true });
  const alpha = await createDevice(t, account, { name: 'Alpha' });
  const bravo = await createDevice(t, account, { name: 'Bravo' });
  const depot = await createGeofence(t, account, {
    name: 'Chicago Depot',
    lat: 41.8781,
    lng: -87.6298,
    radius: 1.5,
    address: 'Chicago, IL',
  });
  const customer = await createGeofence(t, account, {
    name: 'Customer Yard',
    lat: 42.4181,
    lng: -87.6298,
    radius: 1,
  });
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

  const other = await createAccount(t, { can_track_shipments: true });
  const otherDevice = await createDevice(t, other, { name: 'Foreign' });
  const otherGeofence = await createGeofence(t, other, { name: 'Foreign Yard' });
  const otherAdmin = await authHeader(t, (await createUser(t, { account: other })).email);

  const headers = {
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    power: await authHeader(t, power.email),
    viewer: await authHeader(t, viewer.email),
    otherAdmin,
  };

  const url = (path = '') => `/api/accounts/${account.id}/shipments${path}`;
  /** A valid create payload from the depot to the customer, Alpha carrying it. */
  const payload = (values: Partial<ShipmentCreateInput> = {}): ShipmentCreateInput => ({
    name: 'PO 4471',
    carrier: 'Acme Freight',
    start_at: hoursFromNow(-1),
    end_at: hoursFromNow(5),
    device_id: alpha.id,
    from_geofence_id: depot.id,
    to_geofence_id: customer.id,
    notify_at: 0,
    ...values,
  });
  const create = async (values: Partial<ShipmentCreateInput> = {}, as = headers.admin) => {
    const response = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: as,
      payload: payload(values),
    });
    if (response.statusCode !== 201)
      throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<{ data: Shipment }>().data;
  };
  const otherShipment = await (async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${other.id}/shipments`,
      headers: otherAdmin,
      payload: payload({
        device_id: otherDevice.id,
        from_geofence_id: otherGeofence.id,
        to_geofence_id: null,
        to_address: { name: 'Somewhere', lat: 40, lng: -90 },
      }),
    });
    return response.json<{ data: Shipment }>().data;
  })();

  return {
    account,
    alpha,
    bravo,
    depot,
    customer,
    other,
    otherDevice,
    otherGeofence,
    otherShipment,
    headers,
    url,
    payload,
    create,
  };
}
export type ShipmentFleet = Awaited<ReturnType<typeof shipmentFleet>>;

/** A GPS fix of a tracker, as a protocol would have decoded it. */
export const fix = (serial: string, at: Date, lat: number, lng = -87.6298): RawPosition => ({
  serial,
  deviceTime: at,
  lat,
  lng,
  valid: true,
  fix: 'gps',
  speed: 60,
  speedUnit: 'kmh',
  accuracy: 5,
});

/** Sends fixes through the pipeline and waits until what they set off has settled. */
export async function report(t: TestApp, fixes: RawPosition[]) {
  await t.ctx.pipeline.submit(fixes, 'test');
  await t.ctx.bus.flush();
}
