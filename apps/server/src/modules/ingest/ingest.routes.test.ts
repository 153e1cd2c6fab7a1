import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { anchors, currentPositions } from '../../db/schema';
import { createAccount, createDevice, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/ingest/positions', () => {
  it("stores positions of the account's trackers and rejects other serials", async () => {
    const account = await createAccount(t, {
      has_api_access: true,
      api_token: 'integration-token-1',
    });
    const mine = await createDevice(t, account);
    const theirs = await createDevice(t, await createAccount(t));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/positions',
      headers: { authorization: 'Bearer integration-token-1' },
      payload: {
        positions: [
          {
            serial: mine.serial,
            timestamp: '2026-11-21T10:00:00Z',
            lat: 33.75,
            lng: -84.39,
            speed: 12,
            battery: 80,
          },
          { serial: theirs.serial, timestamp: '2026-11-21T10:00:00Z', lat: 33.75, lng: -84.39 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, serial: theirs.serial, message: 'No tracker of this account has this serial' },
      ],
    });
    const [stored] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, mine.id));
    expect(stored).toMatchObject({ lat: 33.75, battery: 80, speed: 12 });
    const [foreign] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, theirs.id));
    expect(foreign).toBeUndefined();
  });

  it('needs a valid API token of an account with API access', async () => {
    await createAccount(t, { has_api_access: false, api_token: 'no-access-token' });
    const payload = {
      positions: [{ serial: 'x', timestamp: '2026-11-21T10:00:00Z', lat: 1, lng: 1 }],
    };
    for (const authorization of ['Bearer wrong', 'Bearer no-access-token']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/positions',
        headers: { authorization },
        payload,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('names invalid fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/positions',
      headers: { authorization: 'Bearer whatever' },
      payload: { positions: [{ serial: '', timestamp: 'yesterday', lat: 120, lng: 0 }] },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'positions.0.lat',
      'positions.0.serial',
      'positions.0.timestamp',
    ]);
  });

  it('places a tracker that heard a BLE anchor at the anchor, as a BLE fix', async () => {
    const account = await createAccount(t, {
      has_api_access: true,
      api_token: 'integration-token-ble',
    });
    const tag = await createDevice(t, account);
    const [dock] = await t.db
      .insert(anchors)
      .values({
        account_id: account.id,
        name: 'Dock 4',
        serial: 'aa:bb:cc:dd:ee:04',
        lat: 41.88,
        lng: -87.63,
        radius: 40,
      })
      .returning();
    const post = (positions: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest/positions',
        headers: { authorization: 'Bearer integration-token-ble' },
        payload: { positions },
      });

    const missing = await post([{ serial: tag.serial, timestamp: '2026-11-21T10:00:00Z' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toContain('lat and lng are required unless beacons are given');

    const heard = await post([
      {
        serial: tag.serial,
        timestamp: '2026-11-21T10:05:00Z',
        fix: 'ble',
        beacons: [{ id: 'AA:BB:CC:DD:EE:04', rssi: -70 }],
      },
    ]);
    expect(heard.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, tag.id));
    expect(stored).toMatchObject({ lat: 41.88, lng: -87.63, fix: 'ble' });
    expect(stored!.accuracy).toBeCloseTo(40 * 0.3048, 3);
    expect(stored!.attributes).toMatchObject({ anchorId: dock!.id, anchor: 'Dock 4' });
  });
});
