import {
  INVITATION_TTL_DAYS,
  MESSAGES,
  USER_ACCESS_MESSAGES,
  effectiveAccess,
  type AcceptInvitation,
  type InviteResult,
  type Role,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { forbidden, invalid, invalidField, notFound } from '../../errors/domain-error';
import { newToken } from '../../http/tokens';
import {
  authorizeRole,
  authorizeUsers,
  requireAccountTargets,
} from '../accounts/account-users.access';
import { hashPassword } from '../auth/passwords';
import { checkPassword, openSession, type LoginOrigin } from '../auth/auth.service';
import {
  acceptInvitation as acceptOnce,
  createInvitation,
  liveInvitation,
  userByEmail,
  type Acceptor,
} from './invitations.queries';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

/**
 * Invites each address with the same role and access: a mailed link to accept, whether or not
 * the address has a login (an existing user joins only by accepting, with their password), and
 * the same reply for every address, so it tells nobody which addresses have logins. A platform
 * admin's address gets no invitation: they never join customer accounts.
 */
export async function inviteUsers(
  ctx: AppContext,
  actor: Actor,
  body: {
    emails: string[];
    role: Role;
    full_device_access: boolean;
    device_ids: number[];
    group_ids: number[];
  },
): Promise<InviteResult> {
  authorizeUsers(actor);
  authorizeRole(actor, body.role);
  const { db } = ctx.database;
  const access = effectiveAccess(body);
  await requireAccountTargets(db, actor.accountId, access);
  const result: InviteResult = { invited: [], already_members: [] };
  const expiresAt = new Date(Date.now() + TTL_MS);
  for (const email of [...new Set(body.emails)]) {
    const existing = await userByEmail(db, actor.accountId, email);
    if (existing?.member) {
      result.already_members.push(email);
      continue;
    }
    result.invited.push(email);
    if (existing?.is_gpx_admin) continue;
    const token = newToken();
    const base = { accountId: actor.accountId, email, invitedBy: actor.user.id, expiresAt };
    const id = await createInvitation(db, { ...base, token }, access);
    await ctx.jobs.enqueue('invitation-mail', { invitation_id: id, token });
  }
  return result;
}

/** What the create-account page shows for a live link; 404 for any other. */
export async function invitationOf(ctx: AppContext, accountId: number, token: string) {
  const found = await liveInvitation(ctx.database.db, accountId, token);
  if (!found) throw notFound(USER_ACCESS_MESSAGES.invitationInvalid);
  const { login, ...invitation } = found;
  return { ...invitation, expires_at: found.expires_at.toISOString(), has_login: login !== null };
}

/**
 * Accepts an invitation and opens a session in the account. A new address makes its login with
 * the name and password chosen; an address that has a login gives its password, checked (and
 * throttled) as a login is. The link works once, within INVITATION_TTL_DAYS.
 */
export async function acceptInvitation(
  ctx: AppContext,
  accountId: number,
  body: AcceptInvitation,
  origin: LoginOrigin,
) {
  const { db } = ctx.database;
  const refused = invalid(USER_ACCESS_MESSAGES.invitationInvalid, {
    token: [USER_ACCESS_MESSAGES.invitationInvalid],
  });
  const invitation = await liveInvitation(db, accountId, body.token);
  if (!invitation) throw refused;
  let acceptor: Acceptor;
  if (invitation.login) {
    if (invitation.login.is_gpx_admin) {
      throw forbidden(USER_ACCESS_MESSAGES.platformAdminNotInvitable);
    }
    const own = await checkPassword(ctx, invitation.email, body.password, origin);
    if (!own) throw invalidField('password', MESSAGES.invalidCredentials);
    acceptor = { userId: own.id };
  } else {
    if (!body.name) throw invalidField('name', MESSAGES.nameRequired);
    if (body.password_confirmation !== body.password) {
      throw invalidField('password_confirmation', MESSAGES.passwordMismatch);
    }
    acceptor = { name: body.name, passwordHash: await hashPassword(body.password) };
  }
  const accepted = await acceptOnce(db, accountId, body.token, acceptor);
  if (accepted === 'login-exists') {
    throw invalidField('password', USER_ACCESS_MESSAGES.loginMadeSince);
  }
  if (!accepted) throw refused;
  return { token: await openSession(ctx, accepted.id), account_id: accountId, user: accepted };
}
