import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function fleet() {
  const account = await createAccount(t);
  const device = await createDevice(t, account, { name: 'Reefer 1' });
  const user = await createUser(t, { account, role: 'user' });
  await t.ctx.pipeline.submit(
    [1, 2, 3].map((h) => ({
      serial: device.serial,
      deviceTime: new Date(Date.UTC(2026, 10, 10, h)),
      lat: 35 + h / 10,
      lng: -97,
      valid: true,
      fix: 'gps' as const,
    })),
    'osmand',
  );
  return { account, device, user, headers: await authHeader(t, user.email) };
}

const body = (accountId: number, over: Record<string, unknown> = {}) => ({
  type: 'positions',
  response_type: 'csv',
  fields: ['device', 'time', 'latitude', 'longitude'],
  filters: {
    account_id: accountId,
    fix_time_from: '2026-11-10 00:00:00',
    fix_time_to: '2026-11-11 00:00:00',
    offset: 0,
    ...over,
  },
});

describe('POST /api/report-builder/', () => {
  it('answers the positions CSV of the account', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report-builder/',
      headers: f.headers,
      payload: body(f.account.id),
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Reefer 1,2026-11-10 01:00:00,35.1,-97,gps/);
  });

  it('mails a download link when asked to send by e-mail', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report-builder/',
      headers: f.headers,
      payload: { ...body(f.account.id), response_type: 'send_email' },
    });
    expect(response.json()).toEqual({
      data: {
        message:
          'Your CSV is being generated. Once ready, you will receive an email notification with the download link',
      },
    });
    await t.ctx.jobs.idle();
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.to).toBe(f.user.email);
    const link = new URL(/(http\S+\/api\/exports\/\S+)/.exec(mail!.text)![1]!);
    const download = await t.app.inject({ url: link.pathname });
    expect(download.statusCode).toBe(200);
    expect(download.body.trim().split('\r\n')).toHaveLength(4);
    const guessed = await t.app.inject({
      url: '/api/exports/00000000-0000-4000-8000-000000000000',
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('refuses more than 90 days with the spec message', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report-builder/',
      headers: f.headers,
      payload: body(f.account.id, {
        fix_time_from: '2026-01-01 00:00:00',
        fix_time_to: '2026-06-01 00:00:00',
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Downloads of position data are allowed for 90-day periods only.',
    );
  });

  it("answers 404 for another account's positions", async () => {
    const f = await fleet();
    const g = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report-builder/',
      headers: g.headers,
      payload: body(f.account.id),
    });
    expect(response.statusCode).toBe(404);
  });
});
