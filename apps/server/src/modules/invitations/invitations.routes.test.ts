import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invitations, mailOutbox, users } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}${sequence++}@invitee.test`;

/** The mail the job sent to the address, once the queue is idle. */
async function mailTo(email: string) {
  await t.ctx.jobs.idle();
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The account and token of the create-account link in a mail. */
function linkOf(text: string) {
  const url = new URL(/(http\S+\/create-account\S+)/.exec(text)![1]!);
  return {
    path: url.pathname,
    account: Number(url.searchParams.get('account')),
    token: url.searchParams.get('token')!,
  };
}

async function invite(accountId: number, email: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/accounts/${accountId}/invites`,
    headers: await authHeader(t, email),
    payload,
  });
}

const accept = (accountId: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/accounts/${accountId}/users/invite`, payload });

describe('POST /api/v2/accounts/{id}/invites', () => {
  it('mails a create-account link that opens a session in the account, once', async () => {
    const account = await createAccount(t, { title: 'Acme Freight' });
    const admin = await createUser(t, { account, role: 'admin' });
    const device = await createDevice(t, account);
    await createDevice(t, account);
    const email = address('dana');
    const response = await invite(account.id, admin.email, {
      emails: [email.toUpperCase()],
      full_device_access: false,
      device_ids: [device.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ invited: [email], already_members: [] });

    const [mail] = await mailTo(email);
    expect(mail?.subject).toBe('You are invited to Acme Freight on Waymark');
    expect(mail?.text).toContain('as Account Manager');
    expect(mail?.text).toContain('within 7 days');
    const link = linkOf(mail!.text);
    expect(link).toMatchObject({ path: '/create-account', account: account.id });

    const shown = await t.app.inject({
      url: `/api/accounts/${account.id}/users/invite?token=${link.token}`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      email,
      role: 'manager',
      account: { id: account.id, title: 'Acme Freight' },
      has_login: false,
    });

    const accepted = await accept(account.id, {
      token: link.token,
      name: 'Dana Dispatch',
      password: 'a long password',
      password_confirmation: 'a long password',
    });
    expect(accepted.statusCode).toBe(200);
    const { token, account_id, user } = accepted.json().data;
    expect(account_id).toBe(account.id);
    expect(user).toMatchObject({ name: 'Dana Dispatch', email });
    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ url: '/api/me', headers });
    expect(me.json().data.account_roles).toEqual({ [account.id]: 'manager' });
    const list = await t.app.inject({
      url: `/api/accounts/${account.id}/users?include=devicesCount`,
      headers,
    });
    expect(
      (list.json().data as { email: string; devices_count: number }[]).find(
        (u) => u.email === email,
      ),
    ).toMatchObject({ full_device_access: false, devices_count: 1 });

    const again = await accept(account.id, {
      token: link.token,
      name: 'Someone Else',
      password: 'another password',
      password_confirmation: 'another password',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This invitation link is invalid or has expired.',
      errors: { token: ['This invitation link is invalid or has expired.'] },
    });
    const gone = await t.app.inject({
      url: `/api/accounts/${account.id}/users/invite?token=${link.token}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers alike for every address; an existing login joins only by accepting', async () => {
    const account = await createAccount(t, { title: 'Acme Yard' });
    const admin = await createUser(t, { account, role: 'admin' });
    const existing = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const stranger = address('stranger');
    const response = await invite(account.id, admin.email, {
      emails: [existing.email, stranger, admin.email],
      role: 'viewer',
      full_device_access: true,
    });
    expect(response.json().data).toEqual({
      invited: [existing.email, stranger],
      already_members: [admin.email],
    });
    const ownHeaders = await authHeader(t, existing.email);
    const rolesOf = async () =>
      (await t.app.inject({ url: '/api/me', headers: ownHeaders })).json().data.account_roles;
    // Not in the account until they accept.
    expect((await rolesOf())[account.id]).toBeUndefined();
    const [mail] = await mailTo(existing.email);
    expect(mail?.subject).toBe('You are invited to Acme Yard on Waymark');
    expect(mail?.text).toContain('as Viewer');
    expect(mail?.text).toContain('enter your Waymark password to accept');
    const link = linkOf(mail!.text);
    const shown = await t.app.inject({
      url: `/api/accounts/${account.id}/users/invite?token=${link.token}`,
    });
    expect(shown.json().data).toMatchObject({ email: existing.email, has_login: true });

    const wrong = await accept(account.id, { token: link.token, password: 'not theirs at all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      password: ['These credentials do not match our records.'],
    });
    const accepted = await accept(account.id, { token: link.token, password: TEST_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      account_id: account.id,
      user: { id: existing.id, name: existing.name, email: existing.email },
    });
    expect((await rolesOf())[account.id]).toBe('viewer');
    // Their own password still signs them in: nothing about the login changed.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: existing.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('never brings a platform admin into a customer account, and does not say so', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await invite(account.id, admin.email, {
      emails: [root.email],
      full_device_access: true,
    });
    expect(response.json().data).toEqual({ invited: [root.email], already_members: [] });
    expect(await mailTo(root.email)).toEqual([]);
    // One invited before being made platform admin cannot be accepted either.
    const later = await createUser(t);
    await invite(account.id, admin.email, { emails: [later.email], full_device_access: true });
    const { token } = linkOf((await mailTo(later.email))[0]!.text);
    await t.db.update(users).set({ is_gpx_admin: true }).where(eq(users.id, later.id));
    const refused = await accept(account.id, { token, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'A platform admin cannot join a customer account.',
    });
    const me = await t.app.inject({ url: '/api/me', headers: await authHeader(t, later.email) });
    expect(me.json().data.account_roles[account.id]).toBeUndefined();
  });

  it("refuses an empty or bad list with the spec's message, and unknown trackers", async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    for (const emails of [[], ['not an email']]) {
      const response = await invite(account.id, admin.email, { emails, full_device_access: true });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.emails ?? response.json().errors['emails.0']).toEqual([
        'Incorrect list of emails provided.',
      ]);
    }
    const foreign = await createDevice(t, await createAccount(t));
    const response = await invite(account.id, admin.email, {
      emails: [address('x')],
      full_device_access: false,
      device_ids: [foreign.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      device_ids: ['Some of these trackers are not in this account.'],
    });
  });

  it('is 403 without manage Users, and for a manager inviting an admin; 404 elsewhere', async () => {
    const account = await createAccount(t);
    const manager = await createUser(t, { account, role: 'manager' });
    const user = await createUser(t, { account, role: 'user' });
    const outsider = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const body = { emails: [address('y')], full_device_access: true };
    expect((await invite(account.id, user.email, body)).statusCode).toBe(403);
    const admin = await invite(account.id, manager.email, { ...body, role: 'admin' });
    expect(admin.statusCode).toBe(403);
    expect((await invite(account.id, manager.email, body)).statusCode).toBe(200);
    expect((await invite(account.id, outsider.email, body)).statusCode).toBe(404);
  });
});

describe('PUT /api/accounts/{id}/users/invite', () => {
  it('refuses an expired link, a link of another account and a short password', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const email = address('late');
    await invite(account.id, admin.email, { emails: [email], full_device_access: true });
    const { token } = linkOf((await mailTo(email))[0]!.text);
    const body = {
      token,
      name: 'Late',
      password: 'long enough',
      password_confirmation: 'long enough',
    };

    const nameless = await accept(account.id, { ...body, name: undefined });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors).toEqual({ name: ['Name is required'] });
    const short = await accept(account.id, {
      ...body,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters']);
    const elsewhere = await accept((await createAccount(t)).id, body);
    expect(elsewhere.statusCode).toBe(422);

    await t.db
      .update(invitations)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(invitations.email, email));
    const expired = await accept(account.id, body);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('This invitation link is invalid or has expired.');
  });

  it('lets only the newest link of an address work', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const email = address('twice');
    await invite(account.id, admin.email, { emails: [email], full_device_access: true });
    await invite(account.id, admin.email, { emails: [email], full_device_access: true });
    const links = (await mailTo(email)).map((m) => linkOf(m.text).token);
    expect(links).toHaveLength(2);
    const body = { name: 'Twice', password: 'long enough', password_confirmation: 'long enough' };
    const statuses = [];
    for (const token of links)
      statuses.push((await accept(account.id, { ...body, token })).statusCode);
    expect(statuses.sort()).toEqual([200, 422]);
  });
});
