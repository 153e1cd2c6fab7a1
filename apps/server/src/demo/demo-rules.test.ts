import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Rule } from '@waymark/domain';
import { accounts } from '../db/schema';
import { createGeofence, createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedDemoRules } from './demo-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo rules', () => {
  it('gives Demo Logistics its rules, made through the rules call’s checks', async () => {
    await seedDemo(t.db);
    const [logistics] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.title, 'Demo Logistics'));
    const depot = await createGeofence(t, logistics!, { name: 'Chicago Depot' });
    await seedDemoRules(t.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'viewer@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const response = await t.app.inject({
      url: `/api/rules-engine?account_id=${logistics!.id}`,
      headers,
    });
    const rules = response.json<{ data: Rule[] }>().data;
    expect(rules.map((r) => [r.name, r.is_enabled])).toEqual([
      ['Depot arrivals', 1],
      ['Highway speeding', 1],
      ['Reefers moving at night', 0],
      ['Silent for a day', 0],
      ['Tamper alarm', 1],
    ]);
    expect(rules[0]!.conditions[0]).toMatchObject({
      type: 'geofence',
      data: { address: depot.id },
    });
  });
});
