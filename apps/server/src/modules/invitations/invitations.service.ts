import {
  INVITATION_TTL_DAYS,
  USER_ACCESS_MESSAGES,
  effectiveAccess,
  type AcceptInvitation,
  type InviteResult,
  type Role,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { HttpError, notFound } from '../../http/errors';
import { newToken } from '../../http/tokens';
import {
  authorizeRole,
  authorizeUsers,
  requireAccountTargets,
} from '../accounts/account-users.access';
import { hashPassword } from '../auth/passwords';
import { openSession } from '../auth/auth.service';
import {
  acceptInvitation as acceptOnce,
  addMember,
  createInvitation,
  liveInvitation,
  userByEmail,
} from './invitations.queries';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

/**
 * Invites each address with the same role and access: a mailed create-account link for a new
 * address, at once into the account (and told by e-mail) for one that already has a login.
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
  const result: InviteResult = { invited: [], added: [], already_members: [] };
  const expiresAt = new Date(Date.now() + TTL_MS);
  for (const email of [...new Set(body.emails)]) {
    const existing = await userByEmail(db, actor.accountId, email);
    if (existing?.member) {
      result.already_members.push(email);
      continue;
    }
    const base = { accountId: actor.accountId, email, invitedBy: actor.user.id, expiresAt };
    if (existing) {
      const id = await addMember(db, { ...base, userId: existing.id }, access);
      ctx.bus.publish('membership.changed', { account_id: actor.accountId, user_id: existing.id });
      await ctx.jobs.enqueue('invitation-mail', { invitation_id: id });
      result.added.push(email);
    } else {
      const token = newToken();
      const id = await createInvitation(db, { ...base, token }, access);
      await ctx.jobs.enqueue('invitation-mail', { invitation_id: id, token });
      result.invited.push(email);
    }
  }
  return result;
}

/** What the create-account page shows for a live link; 404 for any other. */
export async function invitationOf(ctx: AppContext, accountId: number, token: string) {
  const found = await liveInvitation(ctx.database.db, accountId, token);
  if (!found) throw notFound(USER_ACCESS_MESSAGES.invitationInvalid);
  return { ...found, expires_at: found.expires_at.toISOString() };
}

/**
 * Accepts an invitation: creates the login with the name and password chosen, adds it to the
 * account and opens a session there. The link works once, within INVITATION_TTL_DAYS.
 */
export async function acceptInvitation(ctx: AppContext, accountId: number, body: AcceptInvitation) {
  const invalid = new HttpError(422, USER_ACCESS_MESSAGES.invitationInvalid, {
    token: [USER_ACCESS_MESSAGES.invitationInvalid],
  });
  const passwordHash = await hashPassword(body.password);
  const accepted = await acceptOnce(ctx.database.db, accountId, body.token, {
    name: body.name,
    passwordHash,
  });
  if (!accepted) throw invalid;
  if (accepted.existing) {
    // The address made a login after being invited: it joined the account, but a link is
    // no password check, so they log in with their own.
    throw new HttpError(409, 'You already have a login: log in with it to open the account.');
  }
  return {
    token: await openSession(ctx, accepted.user.id),
    account_id: accountId,
    user: accepted.user,
  };
}
