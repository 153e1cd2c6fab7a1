import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SIM_MESSAGES } from '@waymark/domain';
import { accountMemberships, devices, simCards, simHistory } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let ll02: { id: number };
let vl501: { id: number };
let other: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  ll02 = await createModel(t, { device_type: 'll02', title: 'Mobile 200' });
  vl501 = await createModel(t, { device_type: 'vl501', title: 'Car Charger' });
  other = await createModel(t, { device_type: 'fmb920', title: 'Fleet Tracker' });
});
afterAll(() => t.close());

let iccidSeq = 0;
/** A fresh 19- or 20-digit ICCID. */
const newIccid = (digits: 19 | 20 = 19) =>
  `8901${String(Date.now()).slice(-9)}${String(++iccidSeq).padStart(digits - 13, '0')}`;

/**
 * An account with a flagged Mobile 200 and Car Charger, one tracker whose card is fine, one
 * unsupported model with a flagged card, two spare cards, and an admin, a user and a viewer.
 */
async function fleet() {
  const account = await createAccount(t);
  const device = async (name: string, model: { id: number }, reason: string | null) => {
    const iccid = newIccid();
    const d = await createDevice(t, account, {
      name,
      model_id: model.id,
      iccid,
      phone: `+1312555${String(iccidSeq).padStart(4, '0')}`,
      live_audio_minutes: 30,
    });
    await t.db.insert(simCards).values({
      iccid,
      phone: d.phone,
      account_id: account.id,
      state: 'installed',
      device_id: d.id,
      replacement_reason: reason,
    });
    return d;
  };
  const mobile = await device('Alpha mobile', ll02, 'carrier-sunset');
  const charger = await device('Bravo charger', vl501, 'carrier-sunset');
  const fine = await device('Charlie fine', ll02, null);
  const unsupported = await device('Delta other', other, 'carrier-sunset');
  const spares = [
    { iccid: newIccid(20), phone: '+13125550101' },
    { iccid: newIccid(19), phone: '+13125550102' },
  ];
  await t.db
    .insert(simCards)
    .values(spares.map((s) => ({ ...s, account_id: account.id, state: 'spare' as const })));
  const admin = await createUser(t, { account, role: 'admin' });
  const user = await createUser(t, { account, role: 'user' });
  const viewer = await createUser(t, { account, role: 'viewer' });
  return {
    account,
    mobile,
    charger,
    fine,
    unsupported,
    spares,
    admin: await authHeader(t, admin.email),
    user: await authHeader(t, user.email),
    userId: user.id,
    viewer: await authHeader(t, viewer.email),
  };
}

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const swap = (headers: Headers, accountId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/sim-replace`,
    headers,
    payload,
  });

describe('GET /accounts/{id}/sim-replacement/devices and /iccids', () => {
  it('lists the supported trackers whose installed card is flagged, with their model', async () => {
    const f = await fleet();
    const res = await get(f.user, `/api/accounts/${f.account.id}/sim-replacement/devices`);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: { id: number; name: string; serial: string; model: object }[] }>()
      .data;
    expect(list.map((d) => d.name)).toEqual(['Alpha mobile', 'Bravo charger']);
    expect(list[0]).toMatchObject({
      id: f.mobile.id,
      serial: f.mobile.serial,
      model: { id: ll02.id, device_type: 'll02', title: 'Mobile 200' },
      replacement_reason: 'carrier-sunset',
    });
  });

  it("lists the account's spare cards only", async () => {
    const f = await fleet();
    const res = await get(f.admin, `/api/accounts/${f.account.id}/sim-replacement/iccids`);
    expect(res.statusCode).toBe(200);
    const iccids = res.json<{ data: { iccid: string }[] }>().data.map((s) => s.iccid);
    expect(iccids.sort()).toEqual(f.spares.map((s) => s.iccid).sort());
  });

  it('answers 403 to a viewer and 404 outside the account', async () => {
    const f = await fleet();
    const g = await fleet();
    for (const path of ['sim-replacement/devices', 'sim-replacement/iccids']) {
      expect((await get(f.viewer, `/api/accounts/${f.account.id}/${path}`)).statusCode).toBe(403);
      expect((await get(f.admin, `/api/accounts/${g.account.id}/${path}`)).statusCode).toBe(404);
    }
  });

  it('shows a member with limited device access only the trackers they see', async () => {
    const f = await fleet();
    const limited = await createUser(t, {
      account: f.account,
      role: 'user',
      full_device_access: false,
    });
    await t.db
      .update(accountMemberships)
      .set({ device_ids: [f.charger.id] })
      .where(eq(accountMemberships.user_id, limited.id));
    const res = await get(
      await authHeader(t, limited.email),
      `/api/accounts/${f.account.id}/sim-replacement/devices`,
    );
    expect(res.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toEqual([f.charger.id]);
  });
});

describe('POST /accounts/{id}/sim-replace', () => {
  it("gives the tracker the spare card's ICCID and phone and 2 free audio hours, once", async () => {
    const f = await fleet();
    const spare = f.spares[0]!;
    const body = { device_id: f.mobile.id, iccid: spare.iccid };

    const first = await swap(f.user, f.account.id, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      device_id: f.mobile.id,
      serial: f.mobile.serial,
      iccid: spare.iccid,
      phone: spare.phone,
      live_audio_minutes: 150,
      granted_minutes: 120,
    });
    // A double submit: same answer, nothing granted twice.
    const second = await swap(f.user, f.account.id, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ live_audio_minutes: 150, granted_minutes: 0 });

    const [device] = await t.db.select().from(devices).where(eq(devices.id, f.mobile.id));
    expect(device).toMatchObject({
      iccid: spare.iccid,
      phone: spare.phone,
      live_audio_minutes: 150,
      serial: f.mobile.serial,
    });
    const cards = await t.db.select().from(simCards).where(eq(simCards.account_id, f.account.id));
    expect(cards.find((c) => c.iccid === f.mobile.iccid)).toMatchObject({ state: 'retired' });
    expect(cards.find((c) => c.iccid === spare.iccid)).toMatchObject({
      state: 'installed',
      device_id: f.mobile.id,
      replacement_reason: null,
    });

    const list = await get(f.user, `/api/accounts/${f.account.id}/sim-replacement/devices`);
    expect(list.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toEqual([f.charger.id]);
    const spares = await get(f.user, `/api/accounts/${f.account.id}/sim-replacement/iccids`);
    expect(spares.json<{ data: { iccid: string }[] }>().data.map((s) => s.iccid)).toEqual([
      f.spares[1]!.iccid,
    ]);
  });

  it('grants the hours once when the same swap arrives twice at the same time', async () => {
    const f = await fleet();
    const body = { device_id: f.charger.id, iccid: f.spares[0]!.iccid };
    const answers = await Promise.all([
      swap(f.user, f.account.id, body),
      swap(f.user, f.account.id, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().data.granted_minutes).sort()).toEqual([0, 120]);
    const [device] = await t.db.select().from(devices).where(eq(devices.id, f.charger.id));
    expect(device!.live_audio_minutes).toBe(150);
  });

  it('keeps a dated history of the cards of the one tracker', async () => {
    const f = await fleet();
    const spare = f.spares[1]!;
    expect(
      (await swap(f.admin, f.account.id, { device_id: f.charger.id, iccid: spare.iccid }))
        .statusCode,
    ).toBe(200);
    const history = await t.db
      .select()
      .from(simHistory)
      .where(eq(simHistory.device_id, f.charger.id))
      .orderBy(simHistory.id);
    expect(history.map((h) => [h.iccid, h.phone])).toEqual([
      [f.charger.iccid, f.charger.phone],
      [spare.iccid, spare.phone],
    ]);
    expect(history[0]!.installed_to).toEqual(history[1]!.installed_from);
    expect(history[1]!.installed_to).toBeNull();
  });

  it('keeps the swap when the tracker still reports its old card, and records a card it was given by hand', async () => {
    const f = await fleet();
    const spare = f.spares[0]!;
    const report = (iccid: string) =>
      t.ctx.pipeline.submit([], 'gt06', undefined, [
        { serial: f.mobile.serial, time: new Date(), iccid },
      ]);
    const installed = async () =>
      (await t.db.select().from(devices).where(eq(devices.id, f.mobile.id)))[0]!.iccid;
    const history = async () =>
      (
        await t.db
          .select()
          .from(simHistory)
          .where(eq(simHistory.device_id, f.mobile.id))
          .orderBy(simHistory.id)
      ).map((h) => [h.iccid, h.installed_to === null ? 'open' : 'closed']);

    expect(
      (await swap(f.admin, f.account.id, { device_id: f.mobile.id, iccid: spare.iccid }))
        .statusCode,
    ).toBe(200);
    // A 0x94 packet with the card it gave up, sent before the tracker restarted: not undone.
    await report(f.mobile.iccid!);
    expect(await installed()).toBe(spare.iccid);
    // The card the swap put in: nothing to change.
    await report(spare.iccid);
    expect(await history()).toEqual([
      [f.mobile.iccid, 'closed'],
      [spare.iccid, 'open'],
    ]);
    // A card nobody recorded: the tracker is the witness; the history stays one.
    const byHand = newIccid(20);
    await report(byHand);
    expect(await installed()).toBe(byHand);
    expect(await history()).toEqual([
      [f.mobile.iccid, 'closed'],
      [spare.iccid, 'closed'],
      [byHand, 'open'],
    ]);
  });

  it("answers 404 for another account's tracker and changes nothing", async () => {
    const f = await fleet();
    const g = await fleet();
    const res = await swap(f.admin, f.account.id, {
      device_id: g.mobile.id,
      iccid: f.spares[0]!.iccid,
    });
    expect(res.statusCode).toBe(404);
    const [device] = await t.db.select().from(devices).where(eq(devices.id, g.mobile.id));
    expect(device!.iccid).toBe(g.mobile.iccid);
  });

  it('answers 422 on iccid for a malformed ICCID or one that is not a spare of the account', async () => {
    const f = await fleet();
    const g = await fleet();
    for (const iccid of ['123', '89014101234567890123456', '8901410abcdefghijkl']) {
      const res = await swap(f.admin, f.account.id, { device_id: f.mobile.id, iccid });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.iccid).toEqual([SIM_MESSAGES.iccidFormat]);
    }
    for (const iccid of [g.spares[0]!.iccid, f.fine.iccid!, newIccid()]) {
      const res = await swap(f.admin, f.account.id, { device_id: f.mobile.id, iccid });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.iccid).toEqual([SIM_MESSAGES.iccidNotSpare]);
    }
    const [device] = await t.db.select().from(devices).where(eq(devices.id, f.mobile.id));
    expect(device).toMatchObject({ iccid: f.mobile.iccid, live_audio_minutes: 30 });
  });

  it('answers 422 on device_id for a tracker not due or of an unsupported model', async () => {
    const f = await fleet();
    const iccid = f.spares[0]!.iccid;
    const fine = await swap(f.admin, f.account.id, { device_id: f.fine.id, iccid });
    expect(fine.statusCode).toBe(422);
    expect(fine.json().errors.device_id).toEqual([SIM_MESSAGES.notEligible]);
    const odd = await swap(f.admin, f.account.id, { device_id: f.unsupported.id, iccid });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.device_id).toEqual(['"fmb920" is not supported']);
  });

  it('answers 403 to a viewer', async () => {
    const f = await fleet();
    const res = await swap(f.viewer, f.account.id, {
      device_id: f.mobile.id,
      iccid: f.spares[0]!.iccid,
    });
    expect(res.statusCode).toBe(403);
    const [card] = await t.db
      .select()
      .from(simCards)
      .where(and(eq(simCards.iccid, f.spares[0]!.iccid)));
    expect(card!.state).toBe('spare');
  });
});

describe('POST /admin/utilities/swap-sim', () => {
  const url = '/api/admin/utilities/swap-sim';

  it('swaps any tracker by serial through the same swap, for platform admins only', async () => {
    const f = await fleet();
    const root = await createUser(t, { is_gpx_admin: true });
    const rootHeaders = await authHeader(t, root.email);
    const iccid = newIccid(20);
    const payload = { serial: f.fine.serial, iccid, phone: '+13125559999' };

    for (const headers of [f.admin, f.user]) {
      const denied = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(denied.statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'POST', url, headers: rootHeaders, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toContain(iccid);
    const again = await t.app.inject({ method: 'POST', url, headers: rootHeaders, payload });
    expect(again.statusCode).toBe(200);

    const [device] = await t.db.select().from(devices).where(eq(devices.id, f.fine.id));
    expect(device).toMatchObject({ iccid, phone: '+13125559999', live_audio_minutes: 150 });
    const history = await t.db.select().from(simHistory).where(eq(simHistory.device_id, f.fine.id));
    expect(history.map((h) => h.iccid)).toEqual([f.fine.iccid, iccid]);

    const unknown = await t.app.inject({
      method: 'POST',
      url,
      headers: rootHeaders,
      payload: { serial: 'no-such-serial', iccid: newIccid() },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.serial).toEqual([SIM_MESSAGES.unknownSerial]);
  });
});
