import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeDeviceRows,
  type DeviceListItem,
  type RawPosition,
  type RowsEnvelope,
} from '@waymark/domain';
import { actorOf, type Actor } from '../../access/actor';
import type { CommittedPosition } from '../../events/catalogue';
import { InProcessBus } from '../../events/in-process-bus';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readTrackersList, ScoutFleet, trackersListOf } from './scout-fleet';
import {
  ScoutFleetSnapshots,
  SNAPSHOT_MAX_AGE_MS,
  SNAPSHOTS_MAX,
  type TrackersRead,
} from './scout-fleet-snapshots';
import { fix, scoutFleet, textOf, toolCalls, type ScoutFleetFixture } from './scout.fixture';

let t: TestApp;
let f: ScoutFleetFixture;
let admin: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
  admin = await actorOf(t.db, f.admin.id, f.account.id);
  viewer = await actorOf(t.db, f.viewer.id, f.account.id);
});
afterAll(() => t.close());

/** The trackers list as the trackers screen loads it now. */
async function listedNow(): Promise<DeviceListItem[]> {
  const response = await t.app.inject({
    url: `/api/accounts/${f.account.id}/device-list?with_current_position=1&format=rows`,
    headers: f.headers.admin,
  });
  return decodeDeviceRows(response.json<{ data: RowsEnvelope }>().data);
}

/** Fixes through the pipeline, until every follower of the bus has heard of them. */
async function report(...fixes: RawPosition[]) {
  await t.ctx.pipeline.submit(fixes, 'test');
  await t.ctx.bus.flush();
}

async function changeDevice(deviceId: number, change: { name?: string; note?: string }) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${f.account.id}/devices/${deviceId}`,
    headers: f.headers.admin,
    payload: change,
  });
  expect(response.statusCode).toBe(200);
  await t.ctx.bus.flush();
}

const ids = (items: readonly { id: number }[]) => items.map((d) => d.id).sort((a, b) => a - b);

describe('Scout’s answers from the snapshot of the trackers list', () => {
  it('take a position committed after an answer into the next one, without reading the list again', async () => {
    await f.ask('Where is Alpha Truck?');
    const reads = t.ctx.scoutSnapshots.reads;
    await report(fix(f.alpha.serial, Date.now() - 60_000, 41.95, -87.7, 55));

    const { answer } = await f.ask('Where is Alpha Truck?');
    expect(toolCalls([answer], 'ui_update_map')[0]!.arguments).toMatchObject({
      center: { lat: 41.95, lng: -87.7 },
    });
    expect(textOf(answer)).toContain('Battery 55%.');
    expect(textOf(answer)).not.toContain('It is inside Depot.');
    expect(t.ctx.scoutSnapshots.reads).toBe(reads);
    // The held list is, item for item, the one the trackers screen reads now.
    expect(await new ScoutFleet(t.ctx, admin).trackers()).toEqual(await listedNow());
    expect(t.ctx.scoutSnapshots.reads).toBe(reads);
  });

  it('read the list anew after device.changed: a renamed tracker goes by its new name', async () => {
    const question = 'Which devices have never reported?';
    expect(textOf((await f.ask(question)).answer)).toBe(
      '1 tracker has never reported: Charlie Reefer.',
    );
    const reads = t.ctx.scoutSnapshots.reads;
    await changeDevice(f.charlie.id, { name: 'Delta Reefer' });

    expect(textOf((await f.ask(question)).answer)).toBe(
      '1 tracker has never reported: Delta Reefer.',
    );
    expect(t.ctx.scoutSnapshots.reads).toBe(reads + 1);
  });

  it('hold a viewer’s list apart from an admin’s, positions included', async () => {
    expect(ids(await new ScoutFleet(t.ctx, admin).trackers())).toEqual(
      ids([f.alpha, f.bravo, f.charlie]),
    );
    expect(ids(await new ScoutFleet(t.ctx, viewer).trackers())).toEqual([f.alpha.id]);
    await report(fix(f.bravo.serial, Date.now(), 42.1, -87.9, 30));
    expect(ids(await new ScoutFleet(t.ctx, viewer).trackers())).toEqual([f.alpha.id]);
    const bravo = (await new ScoutFleet(t.ctx, admin).trackers()).find((d) => d.id === f.bravo.id);
    expect(bravo?.current_position).toMatchObject({ lat: 42.1, battery: 30 });
  });
});

/** A read that lands when the test says, with the items it was given. */
function heldBack(items: DeviceListItem[]) {
  let land = () => {};
  const read: TrackersRead = () =>
    new Promise((resolve) => {
      land = () => resolve(items);
    });
  return { read, land: () => land() };
}

describe('ScoutFleetSnapshots with reads under way', () => {
  let clock: number;
  let snapshots: ScoutFleetSnapshots;
  const readAsAdmin: TrackersRead = () => readTrackersList(t.ctx, admin);
  beforeEach(() => {
    clock = 1_000_000;
    snapshots = new ScoutFleetSnapshots(t.ctx.bus, () => clock);
    snapshots.start();
  });
  afterEach(() => snapshots.stop());

  it('shares one read between answers asking at once', async () => {
    const [a, b] = await Promise.all([
      snapshots.trackers(trackersListOf(admin), readAsAdmin),
      snapshots.trackers(trackersListOf(admin), readAsAdmin),
    ]);
    expect(snapshots.reads).toBe(1);
    expect(a).toBe(b);
  });

  it('never keeps a read that was under way when the account changed', async () => {
    const items = await readAsAdmin();
    const read = heldBack(items);
    const asked = snapshots.trackers(trackersListOf(admin), read.read);
    await changeDevice(f.alpha.id, { note: 'changed while Scout was reading' });
    read.land();
    // The answer that asked before the change gets its read; the next one reads anew.
    expect(await asked).toEqual(items);
    const next = await snapshots.trackers(trackersListOf(admin), readAsAdmin);
    expect(snapshots.reads).toBe(2);
    expect(next.find((d) => d.id === f.alpha.id)?.note).toBe('changed while Scout was reading');
  });

  it('applies the positions committed while the read was under way when it lands', async () => {
    const read = heldBack(await readAsAdmin());
    const asked = snapshots.trackers(trackersListOf(admin), read.read);
    // Half a kilometre from its last fix a minute ago: a move the position filter believes.
    await report(fix(f.alpha.serial, Date.now(), 41.945, -87.695, 44));
    read.land();
    const alpha = (await asked).find((d) => d.id === f.alpha.id)!;
    expect(alpha.current_position).toMatchObject({ lat: 41.945, lng: -87.695, battery: 44 });
  });

  it('keeps the newer fix: a position older than the held one changes nothing', async () => {
    // A bus of its own: these positions are made up, and the app's followers must not see them.
    const bus = new InProcessBus(t.app.log);
    const own = new ScoutFleetSnapshots(bus);
    own.start();
    try {
      const alphaOf = async () =>
        (await own.trackers(trackersListOf(admin), readAsAdmin)).find((d) => d.id === f.alpha.id)!;
      const held = (await alphaOf()).current_position!;
      const at = (ms: number, lat: number): CommittedPosition => ({
        account_id: f.account.id,
        device_id: f.alpha.id,
        time: Date.parse(held.timestamp) + ms,
        lat,
        lng: held.lng,
        accuracy: null,
        address: null,
        position: {
          ...held,
          lat,
          location: [held.lng, lat],
          timestamp: new Date(Date.parse(held.timestamp) + ms).toISOString(),
        },
      });
      bus.publish('positions.committed', { positions: [at(-1000, 10)] });
      expect((await alphaOf()).current_position).toEqual(held);
      bus.publish('positions.committed', { positions: [at(1000, 11)] });
      expect((await alphaOf()).current_position?.lat).toBe(11);
      expect(own.reads).toBe(1);
    } finally {
      own.stop();
    }
  });

  it('reads anew after the maximum age and holds the most recently used lists only', async () => {
    await snapshots.trackers(trackersListOf(admin), readAsAdmin);
    clock += SNAPSHOT_MAX_AGE_MS - 1;
    await snapshots.trackers(trackersListOf(admin), readAsAdmin);
    expect(snapshots.reads).toBe(1);
    clock += 1;
    await snapshots.trackers(trackersListOf(admin), readAsAdmin);
    expect(snapshots.reads).toBe(2);

    // Viewers who each see another tracker: one key each.
    const seeing = (deviceId: number): Actor => ({
      ...viewer,
      devices: { ...viewer.devices, device_ids: [deviceId] },
    });
    const none: TrackersRead = () => Promise.resolve([]);
    for (let i = 1; i <= SNAPSHOTS_MAX; i++)
      await snapshots.trackers(trackersListOf(seeing(i)), none);
    expect(snapshots.size).toBe(SNAPSHOTS_MAX);
    await snapshots.trackers(trackersListOf(seeing(SNAPSHOTS_MAX)), none);
    expect(snapshots.reads).toBe(2 + SNAPSHOTS_MAX);
    // The admin's list was the least recently used.
    await snapshots.trackers(trackersListOf(admin), readAsAdmin);
    expect(snapshots.reads).toBe(3 + SNAPSHOTS_MAX);
  });
});
