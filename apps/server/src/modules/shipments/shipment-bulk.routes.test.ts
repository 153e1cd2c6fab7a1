import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '@waymark/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { shipmentFleet } from './shipments.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/accounts/{id}/shipments/bulk/…', () => {
  it('archives and unarchives, moving shipments between the tabs', async () => {
    const f = await shipmentFleet(t);
    const [a, b, c] = [
      await f.create({ name: 'A' }),
      await f.create({ name: 'B' }),
      await f.create({ name: 'C' }),
    ];
    const bulk = (action: string, payload: object, headers = f.headers.admin) =>
      t.app.inject({ method: 'POST', url: f.url(`/bulk/${action}`), headers, payload });
    const tab = async (query: string) =>
      (await t.app.inject({ url: f.url(query), headers: f.headers.admin }))
        .json<{ data: Shipment[] }>()
        .data.map((s) => s.name)
        .sort();

    const archived = await bulk('archive', { ids: [a.id, b.id, a.id] });
    expect(archived.json()).toEqual({ data: { ids: expect.arrayContaining([a.id, b.id]) } });
    expect(await tab('')).toEqual(['C']);
    expect(await tab('?archived=1')).toEqual(['A', 'B']);
    expect(await tab('?key=archived')).toEqual(['A', 'B']);
    // Already archived: nothing moves.
    expect((await bulk('archive', { ids: [a.id] })).json()).toEqual({ data: { ids: [] } });

    expect((await bulk('unarchive', { ids: [b.id] })).json()).toEqual({ data: { ids: [b.id] } });
    expect(await tab('')).toEqual(['B', 'C']);
    expect(c.archived_at).toBeNull();
  });

  it('deletes only the shipments of the tab named by key', async () => {
    const f = await shipmentFleet(t);
    const [a, b] = [await f.create({ name: 'A' }), await f.create({ name: 'B' })];
    await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/archive'),
      headers: f.headers.admin,
      payload: { ids: [a.id] },
    });
    const general = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/delete'),
      headers: f.headers.manager,
      payload: { ids: [a.id, b.id], key: 'general' },
    });
    expect(general.json()).toEqual({ data: { ids: [b.id] } });
    const archived = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/delete'),
      headers: f.headers.manager,
      payload: { ids: [a.id], key: 'archived' },
    });
    expect(archived.json()).toEqual({ data: { ids: [a.id] } });
    const badKey = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/delete'),
      headers: f.headers.manager,
      payload: { ids: [a.id], key: 'all' },
    });
    expect(badKey.json().errors).toEqual({ key: ['key must be general or archived'] });
  });

  it("refuses Viewers (403) and another account's ids (422 on ids, nothing changed)", async () => {
    const f = await shipmentFleet(t);
    const mine = await f.create();
    const asViewer = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/archive'),
      headers: f.headers.viewer,
      payload: { ids: [mine.id] },
    });
    expect(asViewer.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/delete'),
      headers: f.headers.admin,
      payload: { ids: [mine.id, f.otherShipment.id], key: 'general' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      ids: ['Every id in ids must be a shipment you see in this account'],
    });
    const still = await t.app.inject({ url: f.url(`/${mine.id}`), headers: f.headers.admin });
    expect(still.statusCode).toBe(200);
    const outside = await t.app.inject({
      method: 'POST',
      url: f.url('/bulk/archive'),
      headers: f.headers.otherAdmin,
      payload: { ids: [mine.id] },
    });
    expect(outside.statusCode).toBe(404);
  });
});
