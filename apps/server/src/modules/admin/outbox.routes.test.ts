import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the mail and SMS outboxes', () => {
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
