import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, createGeofence, createTestApp, type TestApp } from '../test/test-app';
import { anchorsBySerial } from '../pipeline/registry.queries';
import { anchors } from '../db/schema';
import { seedDemoAnchors } from './demo-anchors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('puts three anchors at the demo depots, linked to their geofences', async () => {
  const account = await createAccount(t, { settings: { ble_tags: '1' } });
  const chicago = await createGeofence(t, account, { name: 'Chicago Depot' });
  await seedDemoAnchors(t.db, account.id);

  const bySerial = await anchorsBySerial(t.db, account.id);
  expect(bySerial.size).toBe(3);
  const rows = await t.db.select().from(anchors);
  const dock = rows.find((r) => r.name === 'Chicago Dock 1');
  expect(dock).toMatchObject({ geofence_id: chicago.id, radius: 30 });
  // A depot that is not there leaves the anchor unlinked rather than failing the seed.
  expect(rows.find((r) => r.name === 'Dallas Hub Gate')?.geofence_id).toBeNull();
});
