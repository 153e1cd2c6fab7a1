import { describe, expect, it } from 'vitest';
import { listenerFixture } from '../../test/listener-fixture';
import { authHeader, createUser } from '../../test/test-app';

const fixture = listenerFixture('osmand');

/** A fix as an OsmAnd-protocol device sends it (Traccar Client and most phone apps). */
async function report(serial: string, at: Date, extra: Record<string, string>) {
  const query = new URLSearchParams({
    id: serial,
    lat: '41.8781',
    lon: '-87.6298',
    timestamp: String(Math.floor(at.getTime() / 1000)),
    ...extra,
  });
  const response = await fetch(`http://127.0.0.1:${fixture.listener.port}/?${query}`, {
    method: 'POST',
  });
  expect(response.status).toBe(200);
}

describe("the tracker's ignition, engine hours and driver", () => {
  it('reach the details as the newest fix reported them, and go when it reports none', async () => {
    const device = await fixture.unit('356307042440011');
    const admin = await createUser(fixture.t, {
      account: { id: device.account_id },
      role: 'admin',
    });
    const headers = await authHeader(fixture.t, admin.email);
    const details = async () => {
      const response = await fixture.t.app.inject({
        url: `/api/accounts/${device.account_id}/devices/${device.id}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.current_position;
    };

    await report(device.serial, new Date(Date.now() - 120_000), {
      ignition: 'true',
      hours: '1234.5',
      driverUniqueId: '01A2B3C4D5',
    });
    expect(await details()).toMatchObject({
      ignition: true,
      engine_hours: 1234.5,
      driver: '01A2B3C4D5',
    });

    // A newer fix with the ignition off and neither of the others: off, and the others unknown.
    await report(device.serial, new Date(Date.now() - 60_000), { ignition: 'false' });
    expect(await details()).toMatchObject({ ignition: false, engine_hours: null, driver: null });
  });
});
