import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { reportScheduleSends, reportSchedules } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { claimDuePeriods } from './report-schedules.jobs';

/**
 * What an edit does to the periods a schedule mails (PUT .../report-schedules/{id}): what was
 * due before it is still claimed, an added recipient gets nothing from before it, a new
 * frequency starts with its first period that begins after it, and a recipient taken off gets
 * nothing more. The account is in UTC; the claims are read from report_schedule_sends.
 */

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday after the day of `ms` (UTC): 1970-01-01 was a Thursday. */
const nextMonday = (ms: number) => {
  const n = Math.floor(ms / DAY);
  return day((n + 7 - ((n + 3) % 7)) * DAY);
};

let t: TestApp;
let accountId: number;
let headers: Record<string, string>;
let managerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const account = await createAccount(t, { is_b2b_account: true });
  accountId = account.id;
  const manager = await createUser(t, { account, role: 'manager' });
  managerId = manager.id;
  headers = await authHeader(t, manager.email);
});
afterAll(() => t.close());

const schedule = (extra: object = {}) => ({
  name: 'Daily trips',
  report: 'trips',
  frequency: 'daily',
  format: 'xlsx',
  user_ids: [managerId],
  ...extra,
});

/** A schedule made over the API, then dated `daysAgo` days back (plus a minute). */
async function madeDaysAgo(daysAgo: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/report-schedules`,
    headers,
    payload: schedule(),
  });
  const id = created.json<{ data: { id: number } }>().data.id;
  const made = Math.floor((Date.now() - daysAgo * DAY) / DAY) * DAY + 60_000;
  await t.db
    .update(reportSchedules)
    .set({ created_at: new Date(made) })
    .where(eq(reportSchedules.id, id));
  return id;
}

const edit = (id: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${accountId}/report-schedules/${id}`,
    headers,
    payload,
  });

async function claims(id: number, recipient: string) {
  const rows = await t.db
    .select({
      period: reportScheduleSends.period,
      period_to: reportScheduleSends.period_to,
      status: reportScheduleSends.status,
    })
    .from(reportScheduleSends)
    .where(
      and(eq(reportScheduleSends.schedule_id, id), eq(reportScheduleSends.recipient, recipient)),
    );
  return rows.sort((a, b) => a.period.localeCompare(b.period));
}

describe('editing a schedule', () => {
  it('claims what was due before the edit, and gives an added address nothing from before', async () => {
    const id = await madeDaysAgo(3);
    const response = await edit(id, schedule({ emails: ['added@example.test'] }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      user_ids: [managerId],
      emails: ['added@example.test'],
      edited_at: expect.any(String),
    });
    // The three days that ended before the edit were claimed by it, for the manager only.
    const before = [3, 2, 1].map((n) => day(Date.now() - n * DAY));
    expect((await claims(id, `user:${managerId}`)).map((c) => c.period)).toEqual(before);
    expect(await claims(id, 'email:added@example.test')).toEqual([]);

    // Tomorrow both get today.
    await claimDuePeriods(t.ctx, new Date(Date.now() + DAY));
    expect((await claims(id, `user:${managerId}`)).map((c) => c.period)).toEqual([
      ...before,
      day(Date.now()),
    ]);
    expect((await claims(id, 'email:added@example.test')).map((c) => c.period)).toEqual([
      day(Date.now()),
    ]);
  });

  it('after a change to weekly, reports whole weeks from the next Monday', async () => {
    const id = await madeDaysAgo(2);
    expect((await edit(id, schedule({ frequency: 'weekly' }))).statusCode).toBe(200);
    const monday = nextMonday(Date.now());
    const inThreeWeeks = Date.parse(`${monday}T00:00:00Z`) + 21 * DAY;
    await claimDuePeriods(t.ctx, new Date(inThreeWeeks));
    const weekly = (await claims(id, `user:${managerId}`)).filter((c) => c.period !== c.period_to);
    const mondays = [0, 7, 14].map((n) => day(Date.parse(`${monday}T00:00:00Z`) + n * DAY));
    expect(weekly.map((c) => c.period)).toEqual(mondays);
    // The days before the edit went out as days; no daily claim after it.
    const daily = (await claims(id, `user:${managerId}`)).filter((c) => c.period === c.period_to);
    expect(daily.map((c) => c.period)).toEqual([2, 1].map((n) => day(Date.now() - n * DAY)));
  });

  it('gives a recipient taken off nothing more, even what was claimed for them', async () => {
    const id = await madeDaysAgo(2);
    await claimDuePeriods(t.ctx, new Date());
    expect((await claims(id, `user:${managerId}`)).map((c) => c.status)).toEqual([
      'pending',
      'pending',
    ]);
    const response = await edit(id, schedule({ user_ids: [], emails: ['desk@example.test'] }));
    expect(response.statusCode).toBe(200);
    expect((await claims(id, `user:${managerId}`)).map((c) => c.status)).toEqual([
      'skipped',
      'skipped',
    ]);
    await claimDuePeriods(t.ctx, new Date(Date.now() + 2 * DAY));
    expect(await claims(id, `user:${managerId}`)).toHaveLength(2);
    expect(await claims(id, 'email:desk@example.test')).toHaveLength(2);
  });
});
