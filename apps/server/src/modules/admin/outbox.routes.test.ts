import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusingWorld } from '../delivery/delivery.fixture';
import { queueMessages } from '../delivery';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the one outbox', () => {
  it('shows every channel with its status, attempts and last error, newest first', async () => {
    const world = refusingWorld(t);
    // A receiver of rule webhooks that takes every POST.
    const receiver = http.createServer((_, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const u = `${Date.now()}`;
    const phone = `+1773${u.slice(-7)}`;
    world.refuse(phone);
    try {
      await queueMessages(t.ctx, [
        {
          key: `outbox-test:${u}:mail`,
          kind: 'invitation',
          to: `ops-${u}@fleet.test`,
          subject: 'You are invited',
          text: 'Accept at /invite/x',
        },
        {
          key: `outbox-test:${u}:sms`,
          kind: 'alert',
          channel: 'sms',
          to: phone,
          text: 'Van 3 tamper',
        },
        {
          key: `outbox-test:${u}:webhook`,
          kind: 'rule-action',
          channel: 'webhook',
          url: `${hook}/${u}`,
          body: { rule: 'Door open' },
        },
      ]);
      await t.ctx.jobs.idle();
    } finally {
      receiver.close();
    }
    const root = await authHeader(t, (await createUser(t, { is_gpx_admin: true })).email);
    const list = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/admin/outbound-messages?${query}`,
        headers: root,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { data: Record<string, unknown>[]; meta: { total: number } };
    };

    const mine = await list(`query=${u}`);
    expect(mine.data).toEqual([
      expect.objectContaining({
        kind: 'rule-action',
        channel: 'webhook',
        to: `${hook}/${u}`,
        status: 'sent',
        attempts: 1,
        outcome: 'Answered HTTP 204',
        last_error: null,
      }),
      // Sent: the subject stays as the record, the body is gone.
      expect.objectContaining({
        kind: 'invitation',
        channel: 'mail',
        to: `ops-${u}@fleet.test`,
        subject: 'You are invited',
        text: '',
        status: 'sent',
        attempts: 1,
      }),
    ]);
    expect((mine.data[1]!.sent_at as string) >= (mine.data[1]!.created_at as string)).toBe(true);

    const texts = await list(`channel=sms&query=${encodeURIComponent(phone)}`);
    expect(texts.data).toEqual([
      expect.objectContaining({
        kind: 'alert',
        channel: 'sms',
        to: phone,
        text: 'Van 3 tamper',
        status: 'retrying',
        attempts: 1,
        last_error: `SMS provider answered 400 for ${phone}`,
        sent_at: null,
      }),
    ]);
    expect((await list(`channel=mail&query=${u}`)).data).toHaveLength(1);
    expect((await list(`channel=mail&query=${u}&per_page=1&page=2`)).data).toEqual([]);
  });

  it('refuses everyone else with 403, answers 401 without a token and 422 for an unknown channel', async () => {
    const account = await createAccount(t);
    const admin = await authHeader(t, (await createUser(t, { account, role: 'admin' })).email);
    const url = '/api/admin/outbound-messages';
    expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const root = await authHeader(t, (await createUser(t, { is_gpx_admin: true })).email);
    const fax = await t.app.inject({ url: `${url}?channel=fax`, headers: root });
    expect(fax.statusCode).toBe(422);
    expect(Object.keys(fax.json().errors)).toEqual(['channel']);
  });
});

describe("the embedded adapters' mail and SMS", () => {
  it('shows platform admins what was written, newest first, searched by recipient', async () => {
    await t.ctx.mailer.send({ to: 'ops@fleet.test', subject: 'First', text: 'One' });
    await t.ctx.mailer.send({ to: 'ops@fleet.test', subject: 'Second', text: 'Two' });
    await t.ctx.mailer.send({ to: 'someone@else.test', subject: 'Other', text: 'Three' });
    await t.ctx.sms.send('+13365550100', 'Van 3 reported a tamper alarm');
    const root = await authHeader(t, (await createUser(t, { is_gpx_admin: true })).email);

    const mail = await t.app.inject({
      url: '/api/admin/mail-outbox?query=ops@fleet&per_page=1',
      headers: root,
    });
    expect(mail.statusCode).toBe(200);
    expect(mail.json().data).toEqual([
      expect.objectContaining({ to: 'ops@fleet.test', subject: 'Second', text: 'Two' }),
    ]);
    expect(mail.json().meta).toMatchObject({ total: 2, last_page: 2 });

    const sms = await t.app.inject({ url: '/api/admin/sms-outbox?query=555', headers: root });
    expect(sms.json().data).toEqual([
      expect.objectContaining({ to: '+13365550100', text: 'Van 3 reported a tamper alarm' }),
    ]);
  });

  it('refuses everyone else with 403, and answers 401 without a token', async () => {
    const account = await createAccount(t);
    const admin = await authHeader(t, (await createUser(t, { account, role: 'admin' })).email);
    for (const url of ['/api/admin/mail-outbox', '/api/admin/sms-outbox']) {
      expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('answers 422 for a bad page', async () => {
    const root = await authHeader(t, (await createUser(t, { is_gpx_admin: true })).email);
    const response = await t.app.inject({ url: '/api/admin/sms-outbox?page=0', headers: root });
    expect(response.statusCode).toBe(422);
  });
});
