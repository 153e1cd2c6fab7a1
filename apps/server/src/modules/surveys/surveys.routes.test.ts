import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMemberships } from '../../db/schema';
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

const SURVEYED = { uses_gpx_app: '1', included_in_cs: '1' };

async function surveyedMember(settings: Record<string, string> = SURVEYED) {
  const account = await createAccount(t, { settings });
  const user = await createUser(t, { account, role: 'user' });
  return { account, user, headers: await authHeader(t, user.email) };
}

const status = (accountId: number, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/accounts/${accountId}/survey`, headers });

const respond = (accountId: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/survey-responses`,
    headers,
    payload,
  });

describe('GET /api/accounts/{id}/survey', () => {
  it('shows the survey when uses_gpx_app and included_in_cs are on, until answered', async () => {
    const { account, headers } = await surveyedMember();
    expect((await status(account.id, headers)).json()).toEqual({ data: { show: true } });

    const answered = await respond(account.id, headers, { score: 9, comment: ' Great maps ' });
    expect(answered.statusCode).toBe(201);
    expect((await status(account.id, headers)).json()).toEqual({ data: { show: false } });
  });

  it('stays away after a dismissal, for the user in each of their accounts', async () => {
    const { account, user, headers } = await surveyedMember();
    expect((await respond(account.id, headers, { dismissed: true })).statusCode).toBe(201);
    expect((await status(account.id, headers)).json().data.show).toBe(false);
    const second = await createAccount(t, { settings: SURVEYED });
    await t.db
      .insert(accountMemberships)
      .values({ account_id: second.id, user_id: user.id, role: 'user' });
    expect((await status(second.id, headers)).json().data.show).toBe(false);
  });

  it('is not shown when either setting is off', async () => {
    const halves: Record<string, string>[] = [{ uses_gpx_app: '1' }, { included_in_cs: '1' }, {}];
    for (const settings of halves) {
      const { account, headers } = await surveyedMember(settings);
      expect((await status(account.id, headers)).json().data.show).toBe(false);
      expect((await respond(account.id, headers, { score: 5 })).statusCode).toBe(403);
    }
  });

  it('is never shown to a platform admin, on their own or imitating a user', async () => {
    const { account, user } = await surveyedMember();
    const root = await createUser(t, { is_gpx_admin: true });
    const rootHeaders = await authHeader(t, root.email);
    expect((await status(account.id, rootHeaders)).json().data.show).toBe(false);

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/imitation`,
      headers: rootHeaders,
    });
    const imitating = { authorization: `Bearer ${started.json().data.imitation_token}` };
    expect((await status(account.id, imitating)).json().data.show).toBe(false);
    expect((await respond(account.id, imitating, { score: 10 })).statusCode).toBe(403);
  });

  it("is 404 for another account's id", async () => {
    const { headers } = await surveyedMember();
    const other = await createAccount(t, { settings: SURVEYED });
    expect((await status(other.id, headers)).statusCode).toBe(404);
    expect((await respond(other.id, headers, { score: 3 })).statusCode).toBe(404);
  });
});

describe('POST /api/accounts/{id}/survey-responses', () => {
  it('takes scores 0 to 10 only, naming score otherwise', async () => {
    const { account, headers } = await surveyedMember();
    for (const payload of [{ score: 11 }, { score: -1 }, { score: 4.5 }, { comment: 'no score' }]) {
      const response = await respond(account.id, headers, payload);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['score']);
    }
    expect((await respond(account.id, headers, { score: 11 })).json().message).toBe(
      'The score must be a whole number from 0 to 10.',
    );
    expect((await respond(account.id, headers, { score: 0 })).statusCode).toBe(201);
  });
});

describe('GET /api/admin/survey-responses', () => {
  it('lists answers and dismissals newest first for platform admins', async () => {
    const { account, user, headers } = await surveyedMember();
    await respond(account.id, headers, { score: 7, comment: 'Needs dark mode' });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: `/api/admin/survey-responses?query=${encodeURIComponent(user.email)}`,
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        score: 7,
        comment: 'Needs dark mode',
        dismissed: false,
        user: { id: user.id, name: user.name, email: user.email },
        account: { id: account.id, title: account.title },
      },
    ]);
    expect(response.json().meta.total).toBe(1);
  });

  it('is forbidden to account admins and to no one signed in', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const url = '/api/admin/survey-responses';
    expect(
      (await t.app.inject({ url, headers: await authHeader(t, admin.email) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
