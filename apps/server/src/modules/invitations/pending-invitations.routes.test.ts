import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, mailOutbox } from '../../db/schema';
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

let sequence = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}${sequence++}@pending.test`;
const DAY_MS = 24 * 3600_000;
type Headers = Record<string, string>;

async function mailsTo(email: string) {
  await t.ctx.jobs.idle();
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

const tokenOf = (text: string) =>
  new URL(/(http\S+\/create-account\S+)/.exec(text)![1]!).searchParams.get('token')!;

/** An account with an admin, a manager and a power user, and invitations sent by the admin. */
async function accountWithInvitations() {
  const account = await createAccount(t, { title: 'Pending Freight' });
  const admin = await createUser(t, { account, role: 'admin' });
  const manager = await createUser(t, { account, role: 'manager' });
  const user = await createUser(t, { account, role: 'user' });
  const headers = {
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    user: await authHeader(t, user.email),
  };
  const invite = (emails: string[], role: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/accounts/${account.id}/invites`,
      headers: headers.admin,
      payload: { emails, role, full_device_access: true },
    });
  return { account, admin, headers, invite };
}

const list = (accountId: number, headers: Headers) =>
  t.app.inject({ url: `/api/v2/accounts/${accountId}/invites`, headers });
const resend = (accountId: number, id: number, headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/accounts/${accountId}/invites/${id}/resend`,
    headers,
  });
const revoke = (accountId: number, id: number, headers: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/v2/accounts/${accountId}/invites/${id}`, headers });
const invitationPage = (accountId: number, token: string) =>
  t.app.inject({ url: `/api/accounts/${accountId}/users/invite?token=${token}` });

describe('pending invitations under User Access', () => {
  it('lists who has not accepted: pending, invited by, expires, newest first', async () => {
    const { account, admin, headers, invite } = await accountWithInvitations();
    const [first, second] = [address('ann'), address('bo')];
    await invite([first], 'viewer');
    await invite([second], 'manager');

    const response = await list(account.id, headers.admin);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data;
    expect(rows).toMatchObject([
      { email: second, role: 'manager', status: 'pending', invited_by: { id: admin.id } },
      { email: first, role: 'viewer', status: 'pending', invited_by: { name: admin.name } },
    ]);
    const expiresIn = Date.parse(rows[0].expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(6 * DAY_MS);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);
    // A manager manages users too.
    expect((await list(account.id, headers.manager)).json().data).toHaveLength(2);
  });

  it('resends with a new link (the old one stops working) and revokes', async () => {
    const { account, headers, invite } = await accountWithInvitations();
    const email = address('cy');
    await invite([email], 'user');
    const oldToken = tokenOf((await mailsTo(email))[0]!.text);
    const [row] = (await list(account.id, headers.admin)).json().data;

    const resent = await resend(account.id, row.id, headers.manager);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ id: row.id, email, status: 'pending' });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const newToken = tokenOf(mails[1]!.text);
    expect(newToken).not.toBe(oldToken);
    expect((await invitationPage(account.id, oldToken)).statusCode).toBe(404);
    expect((await invitationPage(account.id, newToken)).statusCode).toBe(200);

    const revoked = await revoke(account.id, row.id, headers.admin);
    expect(revoked.statusCode).toBe(204);
    expect((await list(account.id, headers.admin)).json().data).toEqual([]);
    expect((await invitationPage(account.id, newToken)).statusCode).toBe(404);
  });

  it('shows an expired invitation as expired, and leaves out one accepted since', async () => {
    const { account, headers, invite } = await accountWithInvitations();
    const [late, joined] = [address('dee'), address('eve')];
    await invite([late, joined], 'viewer');
    const rows = (await list(account.id, headers.admin)).json().data as {
      id: number;
      email: string;
    }[];
    await t.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, rows.find((r) => r.email === late)!.id));
    const token = tokenOf((await mailsTo(joined))[0]!.text);
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}/users/invite`,
      payload: {
        token,
        name: 'Eve',
        password: 'long enough',
        password_confirmation: 'long enough',
      },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await list(account.id, headers.admin)).json().data).toMatchObject([
      { email: late, status: 'expired' },
    ]);
    // Resend makes the expired one pending again, for 7 days.
    const resent = await resend(account.id, rows.find((r) => r.email === late)!.id, headers.admin);
    expect(resent.json().data.status).toBe('pending');
  });

  it('is 403 without manage Users, and for a manager on an Admin invitation', async () => {
    const { account, headers, invite } = await accountWithInvitations();
    await invite([address('fay')], 'admin');
    const [row] = (await list(account.id, headers.admin)).json().data;
    expect((await list(account.id, headers.user)).statusCode).toBe(403);
    expect((await resend(account.id, row.id, headers.user)).statusCode).toBe(403);
    expect((await revoke(account.id, row.id, headers.user)).statusCode).toBe(403);
    const byManager = await revoke(account.id, row.id, headers.manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(
      'Only an account admin can grant or change the Admin role.',
    );
    expect((await list(account.id, headers.admin)).json().data).toHaveLength(1);
  });

  it('is 404 for another account’s invitation, whichever account the path names', async () => {
    const mine = await accountWithInvitations();
    const theirs = await accountWithInvitations();
    await theirs.invite([address('gil')], 'viewer');
    const [foreign] = (await list(theirs.account.id, theirs.headers.admin)).json().data;
    for (const call of [resend, revoke]) {
      expect((await call(mine.account.id, foreign.id, mine.headers.admin)).statusCode).toBe(404);
      expect((await call(theirs.account.id, foreign.id, mine.headers.admin)).statusCode).toBe(404);
    }
    expect((await list(theirs.account.id, mine.headers.admin)).statusCode).toBe(404);
    expect((await list(theirs.account.id, theirs.headers.admin)).json().data).toHaveLength(1);
  });

  it('is 422 for an invitation accepted meanwhile and for an id that is not one', async () => {
    const { account, headers, invite } = await accountWithInvitations();
    const email = address('hal');
    await invite([email], 'viewer');
    const [added] = (await list(account.id, headers.admin)).json<{ data: { id: number }[] }>().data;
    const token = tokenOf((await mailsTo(email))[0]!.text);
    await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}/users/invite`,
      payload: {
        token,
        name: 'Hal',
        password: 'long enough',
        password_confirmation: 'long enough',
      },
    });
    const response = await resend(account.id, added!.id, headers.admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This invitation was already accepted.',
      errors: { invitation: ['This invitation was already accepted.'] },
    });
    expect((await revoke(account.id, added!.id, headers.admin)).statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/accounts/${account.id}/invites/abc`,
      headers: headers.admin,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['inviteId']);
  });

  it('lists the three calls in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(document.paths['/api/v2/accounts/{id}/invites'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(document.paths['/api/v2/accounts/{id}/invites/{inviteId}/resend']).toHaveProperty(
      'post',
    );
    expect(document.paths['/api/v2/accounts/{id}/invites/{inviteId}']).toHaveProperty('delete');
  });
});
