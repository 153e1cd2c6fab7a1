import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { anchors, geofences } from '../db/schema';

/** BLE beacons fixed at three demo depots, each linked to its depot's geofence. */
const DEMO_ANCHORS = [
  {
    name: 'Chicago Dock 1',
    serial: 'ac:23:3f:a0:00:01',
    depot: 'Chicago Depot',
    address: 'Chicago, IL, US',
    lat: 41.8789,
    lng: -87.6359,
    radius: 30,
    notes: 'Above loading door 1',
  },
  {
    name: 'Dallas Hub Gate',
    serial: 'ac:23:3f:a0:00:02',
    depot: 'Dallas Hub',
    address: 'Dallas, TX, US',
    lat: 32.7767,
    lng: -96.797,
    radius: 50,
    notes: 'Gate house, east side',
  },
  {
    name: 'Memphis Aisle 7',
    serial: 'ac:23:3f:a0:00:03',
    depot: 'Memphis Warehouse',
    address: 'Memphis, TN, US',
    lat: 35.1495,
    lng: -90.049,
    radius: 80,
    notes: null,
  },
] as const;

/** Adds the demo anchors to an account that already has the demo depots as geofences. */
export async function seedDemoAnchors(db: Db, accountId: number) {
  const depots = await db
    .select({ id: geofences.id, name: geofences.name })
    .from(geofences)
    .where(
      and(
        eq(geofences.account_id, accountId),
        inArray(
          geofences.name,
          DEMO_ANCHORS.map((a) => a.depot),
        ),
      ),
    );
  const depotId = new Map(depots.map((d) => [d.name, d.id]));
  await db.insert(anchors).values(
    DEMO_ANCHORS.map(({ depot, ...anchor }) => ({
      ...anchor,
      account_id: accountId,
      geofence_id: depotId.get(depot) ?? null,
    })),
  );
}
