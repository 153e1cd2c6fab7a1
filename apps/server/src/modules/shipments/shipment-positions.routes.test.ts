import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fix, report, shipmentFleet } from './shipments.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET /api/accounts/{id}/shipments/{id}/position and /position-history', () => {
  it("answers the tracker's positions during the shipment, within the range asked for", async () => {
    const f = await shipmentFleet(t);
    // Before the shipment starts (an hour ago), then during it.
    await report(t, [
      fix(f.alpha.serial, minutesAgo(90), 41.87),
      fix(f.alpha.serial, minutesAgo(40), 41.9),
      fix(f.alpha.serial, minutesAgo(20), 41.95),
    ]);
    const shipment = await f.create();
    const get = (path: string, headers = f.headers.viewer) =>
      t.app.inject({ url: f.url(`/${shipment.id}${path}`), headers });

    const history = await get('/position-history');
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((p: { lat: number }) => p.lat)).toEqual([41.9, 41.95]);
    const from = encodeURIComponent(minutesAgo(30).toISOString());
    const within = await get(`/position-history?dateFrom=${from}`);
    expect(within.json().data.map((p: { lat: number }) => p.lat)).toEqual([41.95]);
    const sameWithUnderscores = await get(`/position-history?date_from=${from}`);
    expect(sameWithUnderscores.json().data).toEqual(within.json().data);

    const position = await get('/position');
    expect(position.json().data).toMatchObject({ location: [-87.6298, 41.95], fix: 'gps' });
  });

  it('answers where the tracker was at the end once the shipment is finished', async () => {
    const f = await shipmentFleet(t);
    await report(t, [fix(f.alpha.serial, minutesAgo(30), 41.9)]);
    const shipment = await f.create();
    await t.app.inject({
      method: 'POST',
      url: f.url(`/${shipment.id}/finished`),
      headers: f.headers.admin,
    });
    await report(t, [fix(f.alpha.serial, new Date(Date.now() + 1000), 43)]);
    const position = await t.app.inject({
      url: f.url(`/${shipment.id}/position`),
      headers: f.headers.admin,
    });
    expect(position.json().data.location).toEqual([-87.6298, 41.9]);
  });

  it('is 404 for a shipment of a tracker the Viewer may not see, or of another account', async () => {
    const f = await shipmentFleet(t);
    const hidden = await f.create({ device_id: f.bravo.id });
    for (const path of ['/position', '/position-history']) {
      const asViewer = await t.app.inject({
        url: f.url(`/${hidden.id}${path}`),
        headers: f.headers.viewer,
      });
      expect(asViewer.statusCode).toBe(404);
      const foreign = await t.app.inject({
        url: f.url(`/${f.otherShipment.id}${path}`),
        headers: f.headers.admin,
      });
      expect(foreign.statusCode).toBe(404);
    }
  });
});
