import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiReport, RawPosition } from '@waymark/domain';
import { accounts } from '../db/schema';
import { createDevice, createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedDemoReports } from './demo-reports';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** Fixes every 10 minutes over yesterday and the day before (UTC), `n` of them an hour. */
function history(serial: string, perHour: number): RawPosition[] {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const step = 3_600_000 / perHour;
  return Array.from({ length: (2 * DAY) / step }, (_, i) => ({
    serial,
    deviceTime: new Date(today - 2 * DAY + i * step),
    lat: 41.8 + (i % 50) * 0.002,
    lng: -87.63,
    valid: true,
    fix: 'gps' as const,
    speed: 40,
    speedUnit: 'kmh' as const,
  }));
}

describe('demo reports', () => {
  it('gives Demo Logistics three reports of its busiest trackers, one public', async () => {
    await seedDemo(t.db);
    const [logistics] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.title, 'Demo Logistics'));
    const trackers = await Promise.all(
      ['Van 1', 'Van 2', 'Van 3', 'Quiet'].map((name) => createDevice(t, logistics!, { name })),
    );
    const rates = [6, 5, 4, 1];
    await t.ctx.pipeline.submit(
      trackers.flatMap((d, i) => history(d.serial, rates[i]!)),
      'test',
    );
    await t.ctx.bus.flush();
    await seedDemoReports(t.ctx);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const response = await t.app.inject({
      url: `/api/accounts/${logistics!.id}/reports?include=device`,
      headers,
    });
    const reports = response.json<{ data: ApiReport[] }>().data;
    expect(reports.map((r) => r.device.name).sort()).toEqual(['Van 1', 'Van 2', 'Van 3']);
    const published = reports.filter((r) => r.is_public);
    expect(published.map((r) => r.device.name)).toEqual(['Van 1']);
    const page = await t.app.inject({ url: `/api/public-reports/${published[0]!.uuid}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.positions).toHaveLength(24 * 6);
  });
});
