import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Dialog, DialogMessage } from '@waymark/domain';
import { accounts } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedDemoDialogs } from './demo-dialogs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo dialogs', () => {
  it('gives the demo admin two answered conversations in History', async () => {
    await seedDemo(t.db);
    const [logistics] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.title, 'Demo Logistics'));
    await seedDemoDialogs(t.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    const headers = {
      authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}`,
    };
    const list = await t.app.inject({
      url: `/api/v2/accounts/${logistics!.id}/dialogs`,
      headers,
    });
    const dialogs = list.json<{ data: Dialog[] }>().data;
    expect(dialogs.map((d) => d.title).sort()).toEqual([
      'Which devices are outside a geofence?',
      'Which devices have not moved in 24 hours?',
    ]);
    for (const dialog of dialogs) {
      const messages = await t.app.inject({
        url: `/api/v2/dialogs/${dialog.id}/messages`,
        headers,
      });
      const all = messages.json<{ data: DialogMessage[] }>().data;
      expect(all[0]!.role).toBe('user');
      expect(all.at(-1)!.stop_reason).toBe('stop');
    }
  });
});
