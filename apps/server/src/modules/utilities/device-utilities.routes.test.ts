import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosition } from '@waymark/domain';
import { simCards } from '../../db/schema';
import { createModel, createTestApp, type TestApp } from '../../test/test-app';
import { freshSerial, utilitiesFixture } from './utilities.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The fixture with one tracker provisioned into its account (phone given for SMS). */
async function withTracker() {
  const f = await utilitiesFixture(t);
  const serial = freshSerial();
  const provisioned = await f.run('provision', {
    serial,
    model_id: f.model.id,
    account_id: f.account.id,
    name: 'Van 7',
    phone: '+13125550177',
  });
  const deviceId: number = provisioned.json().data.device_id;
  const details = async () => {
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${deviceId}`,
      headers: f.adminHeaders,
    });
    return response.json().data;
  };
  return { ...f, serial, deviceId, details };
}

const fix = (serial: string, iso: string, lat: number): RawPosition => ({
  serial,
  deviceTime: new Date(iso),
  lat,
  lng: -87.6,
  valid: true,
  fix: 'gps',
  speed: 36,
  speedUnit: 'kmh',
});

describe('validation errors a person can read (issue 35.16)', () => {
  it("names a missing model 'Model is required' and a missing account 'Account is required'", async () => {
    const f = await utilitiesFixture(t);
    const provision = await f.run('provision', { serial: freshSerial() });
    expect(provision.statusCode).toBe(422);
    expect(provision.json()).toEqual({
      message: 'Model is required',
      errors: { model_id: ['Model is required'] },
    });
    const badModel = await f.run('provision', { serial: freshSerial(), model_id: 0 });
    expect(badModel.json().errors.model_id).toEqual([
      'must be an id: a whole number from 1 to 2147483647',
    ]);
    const flags = await f.run('flags', {});
    expect(flags.statusCode).toBe(422);
    expect(flags.json().errors.account_id).toEqual(['Account is required']);
  });
});

describe('who may run the utilities', () => {
  it('is 403 for an account admin and 401 for no one signed in, on every action', async () => {
    const f = await withTracker();
    const serial = f.serial;
    const range = { first_serial: '1', count: 1, account_id: f.account.id };
    // A valid body for each action: the refusal must not be a validation error.
    const bodies: Record<string, object> = {
      provision: { serial: freshSerial(), model_id: f.model.id },
      reserve: { serial, account_id: f.account.id },
      'reserve-range': range,
      assign: { serial, account_id: f.account.id },
      'assign-range': range,
      'unassign-device': { serial },
      setup: { serial, name: 'Mine now' },
      deactivate: { serial },
      'change-device-type': { serial, model_id: f.model.id },
      minutes: { serial, minutes: 5 },
      subscription: { serial, status: 'cancelled' },
      'refresh-phone': { serial, phone: '+13125550100' },
      'unassign-subscription': { serial },
      command: { serial, command: 'STATUS#', send_via: 'sms' },
      'bulk-command': { serials: [serial], command: 'STATUS#', send_via: 'sms' },
      'device-messages': { serial },
      flags: { account_id: f.account.id, flags: { has_api_access: true } },
      'clear-device': { serial, confirm_serial: serial },
    };
    for (const [action, body] of Object.entries(bodies)) {
      expect([action, (await f.run(action, body, f.adminHeaders)).statusCode]).toEqual([
        action,
        403,
      ]);
      expect([action, (await f.run(action, body, {})).statusCode]).toEqual([action, 401]);
    }
    // Nothing changed.
    expect(await f.details()).toMatchObject({
      name: 'Van 7',
      live_audio_minutes: 0,
      subscription_status: 'active',
    });
  });
});

describe('tracker actions', () => {
  it('Add/Remove Minutes changes the minutes, never below 0', async () => {
    const f = await withTracker();
    const added = await f.run('minutes', { serial: f.serial, minutes: 30 });
    expect(added.json().data).toEqual({
      message: `Added 30 minute(s) to ${f.serial}: 30 live audio minute(s) now`,
      live_audio_minutes: 30,
    });
    expect((await f.details()).live_audio_minutes).toBe(30);
    const removed = await f.run('minutes', { serial: f.serial, minutes: -45 });
    expect(removed.json().data.message).toBe(
      `Removed 45 minute(s) from ${f.serial}: 0 live audio minute(s) now`,
    );
    expect((await f.details()).live_audio_minutes).toBe(0);
    const zero = await f.run('minutes', { serial: f.serial, minutes: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.minutes).toEqual([
      'Enter the minutes to add (or a negative number to remove): not 0',
    ]);
    expect((await f.audit(`Add/Remove Minutes: Added 30 minute(s) to ${f.serial}`)).length).toBe(1);
  });

  it('Setup, Change Device Type and Refresh Phone Number change what the details show', async () => {
    const f = await withTracker();
    const car = await createModel(t, { title: 'Car Charger', device_type: `vl501-${f.serial}` });
    const setup = await f.run('setup', { serial: f.serial, name: 'Reefer 12', note: 'Left door' });
    expect(setup.json().data.message).toBe(`Set up ${f.serial}: Reefer 12`);
    const changed = await f.run('change-device-type', { serial: f.serial, model_id: car.id });
    expect(changed.json().data.message).toBe(
      `${f.serial} is now a Car Charger (vl501-${f.serial})`,
    );
    const phone = await f.run('refresh-phone', { serial: f.serial, phone: '+1 (312) 555-0199' });
    expect(phone.json().data.message).toBe(
      `Phone number of ${f.serial} is +13125550199 (was +13125550177)`,
    );
    expect(await f.details()).toMatchObject({
      name: 'Reefer 12',
      note: 'Left door',
      model_title: 'Car Charger',
      phone: '+13125550199',
    });
    const none = await f.run('refresh-phone', { serial: f.serial });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['phone']);
    // Without a number given, the installed SIM card's.
    const device = await f.details();
    await t.db.insert(simCards).values({
      iccid: '89014103211118510720',
      phone: '+13125550142',
      state: 'installed',
      device_id: (device as { id: number }).id,
    });
    const fromCard = await f.run('refresh-phone', { serial: f.serial });
    expect(fromCard.json().data.message).toBe(
      `Phone number of ${f.serial} is +13125550142 (was +13125550199)`,
    );
    const missing = await f.run('setup', { serial: 'NOPE-1', name: 'x' });
    expect(missing.json().errors).toEqual({ serial: ['No tracker has serial NOPE-1'] });
    expect((await f.audit(`Setup: Set up ${f.serial}`)).length).toBe(1);
    expect((await f.audit(`Change Device Type: ${f.serial}`)).length).toBe(1);
    expect((await f.audit(`Refresh Phone Number: Phone number of ${f.serial}`)).length).toBe(2);
  });

  it('Deactivate, Set Subscription and Unassign Subscription drive the list', async () => {
    const f = await withTracker();
    const off = await f.run('deactivate', { serial: f.serial });
    expect(off.json().data.message).toBe(`Deactivated ${f.serial}: its subscription is blocked`);
    expect(await f.deviceList()).toEqual([]);
    expect((await f.details()).subscription_status).toBe('blocked');
    // A deactivated tracker's reports are acknowledged and not stored.
    const positionsUrl = `/api/accounts/${f.account.id}/devices/${f.deviceId}/positions?date_from=2026-11-21T07:00:00Z&date_to=2026-11-21T09:00:00Z`;
    const whileOff = await t.ctx.pipeline.submit(
      [fix(f.serial, '2026-11-21T08:00:00Z', 41.8)],
      'osmand',
    );
    expect(whileOff).toEqual({ stored: 0, unknown: 0, refused: 1 });
    const on = await f.run('subscription', { serial: f.serial, status: 'active', months: 12 });
    expect(on.json().data.message).toBe(
      `Set the subscription of ${f.serial} to active, 12 month(s)`,
    );
    expect((await f.deviceList()).map((d) => d.serial)).toEqual([f.serial]);
    const whileOn = await t.ctx.pipeline.submit(
      [fix(f.serial, '2026-11-21T08:30:00Z', 41.9)],
      'osmand',
    );
    expect(whileOn).toEqual({ stored: 1, unknown: 0, refused: 0 });
    const stored = await t.app.inject({ url: positionsUrl, headers: f.adminHeaders });
    expect(stored.json().data.map((p: { timestamp: string }) => p.timestamp)).toEqual([
      '2026-11-21T08:30:00.000Z',
    ]);
    const detached = await f.run('unassign-subscription', { serial: f.serial });
    expect(detached.statusCode).toBe(200);
    expect((await f.details()).subscription_status).toBeNull();
    expect(await f.deviceList()).toEqual([]);
    const again = await f.run('unassign-subscription', { serial: f.serial });
    expect(again.json().errors).toEqual({ serial: [`Tracker ${f.serial} has no subscription`] });
    const bad = await f.run('subscription', { serial: f.serial, status: 'gone' });
    expect(Object.keys(bad.json().errors)).toEqual(['status']);
    for (const action of ['Deactivate', 'Set Subscription', 'Unassign Subscription']) {
      expect((await f.audit(`${action}: `)).some((e) => e.summary?.includes(f.serial))).toBe(true);
    }
  });

  it('Clear Device removes its positions, current position, events and trips; the tracker stays', async () => {
    const f = await withTracker();
    await t.ctx.pipeline.submit(
      [fix(f.serial, '2026-11-20T08:00:00Z', 41.8), fix(f.serial, '2026-11-20T08:10:00Z', 41.9)],
      'osmand',
    );
    const positionsUrl = `/api/accounts/${f.account.id}/devices/${f.deviceId}/positions?date_from=2026-11-20T07:00:00Z&date_to=2026-11-20T09:00:00Z`;
    const before = await t.app.inject({ url: positionsUrl, headers: f.adminHeaders });
    expect(before.json().data).toHaveLength(2);
    const summaryDays = async () => {
      const summary = await t.app.inject({
        url: `/api/accounts/${f.account.id}/summary?date_from=2026-11-19&date_to=2026-11-21`,
        headers: f.adminHeaders,
      });
      return summary.json<{ data: { period_start: string }[] }>().data.map((d) => d.period_start);
    };
    expect(await summaryDays()).toEqual(['2026-11-20']);
    const messages = await f.run('device-messages', { serial: f.serial, limit: 1 });
    expect(messages.json().data).toMatchObject({
      message: `1 message(s) from ${f.serial}, newest first`,
      messages: [{ kind: 'position', at: '2026-11-20T08:10:00.000Z' }],
    });

    const unconfirmed = await f.run('clear-device', { serial: f.serial, confirm_serial: '1' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual({
      confirm_serial: ['Type the serial again to confirm'],
    });
    const cleared = await f.run('clear-device', { serial: f.serial, confirm_serial: f.serial });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.message).toBe(
      `Cleared ${f.serial}: 2 position(s) and all events, trips, stops, dwell and the current position removed`,
    );
    // Nothing made from those positions is left for the Fleet reports to read.
    expect(await summaryDays()).toEqual([]);
    const after = await t.app.inject({ url: positionsUrl, headers: f.adminHeaders });
    expect(after.json().data).toEqual([]);
    expect((await f.details()).current_position).toBeNull();
    expect((await f.deviceList()).map((d) => d.serial)).toEqual([f.serial]);
    const empty = await f.run('device-messages', { serial: f.serial });
    expect(empty.json().data.messages).toEqual([]);
    expect((await f.audit(`Clear Device: Cleared ${f.serial}`)).length).toBe(1);
    expect((await f.audit(`Get Device Messages: 1 message(s) from ${f.serial}`)).length).toBe(1);
  });

  it('Send Commands goes through the commands module into the message log; bulk names failures', async () => {
    const f = await withTracker();
    const sent = await f.run('command', { serial: f.serial, command: 'STATUS#', send_via: 'sms' });
    expect(sent.statusCode).toBe(200);
    // Queued in the outbox; its job sends it to the provider and the command is then sent.
    expect(sent.json().data).toEqual({
      message: `Command to ${f.serial} queued (sms)`,
      status: 'queued',
    });
    await t.ctx.jobs.idle();
    const log = await t.app.inject({
      url: `/api/devices/${f.deviceId}/dialogs`,
      headers: f.adminHeaders,
    });
    expect(log.json().data[0]).toMatchObject({
      message_to_device: 'STATUS#',
      send_via: 'sms',
      status: 'sent',
    });

    const bulk = await f.run('bulk-command', {
      serials: [f.serial, 'NOPE-2'],
      command: 'RESET#',
      send_via: 'sms',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data.message).toBe(
      'Command sent to 1 of 2 tracker(s); failed: NOPE-2 (No tracker has serial NOPE-2)',
    );
    const tooMany = await f.run('bulk-command', { serials: [], command: 'X' });
    expect(tooMany.json().errors.serials).toEqual([
      'Enter from 1 to 100 serials, separated by commas, spaces or new lines',
    ]);
    expect((await f.audit(`Send Commands: Command to ${f.serial}`)).length).toBe(1);
    expect((await f.audit('Send Bulk Command: Command sent to 1 of 2')).length).toBeGreaterThan(0);
  });
});

describe('Set Flags', () => {
  it("changes the account's flags and settings as its users and platform admins read them", async () => {
    const f = await utilitiesFixture(t);
    const response = await f.run('flags', {
      account_id: f.account.id,
      flags: { has_rules_engine: true, can_track_shipments: true },
      settings: { ble_tags: true, dashboards: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(
      `Set flags of ${f.account.title}: has_rules_engine on, can_track_shipments on, ble_tags on, dashboards off`,
    );
    const me = await t.app.inject({ url: '/api/me', headers: f.adminHeaders });
    const account = me.json().data.accounts.find((a: { id: number }) => a.id === f.account.id);
    expect(account).toMatchObject({ has_rules_engine: true, can_track_shipments: true });
    expect(account.settings).toEqual(
      expect.arrayContaining([
        { code: 'ble_tags', value: '1' },
        { code: 'dashboards', value: '0' },
      ]),
    );
    const nothing = await f.run('flags', { account_id: f.account.id });
    expect(nothing.json().errors).toEqual({
      flags: ['Choose at least one flag or setting to change'],
    });
    const unknown = await f.run('flags', { account_id: 999_999, flags: { has_api_access: true } });
    expect(unknown.json().errors).toEqual({ account_id: ['No account has id 999999'] });
    expect((await f.audit(`Set Flags: Set flags of ${f.account.title}`))[0]).toMatchObject({
      path: '/api/admin/utilities/flags',
      status_code: 200,
    });
  });
});
