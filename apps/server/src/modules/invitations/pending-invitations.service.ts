import {
  INVITATION_TTL_DAYS,
  PENDING_INVITATION_MESSAGES,
  type PendingInvitation,
} from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { hashToken, newToken } from '../../http/tokens';
import { authorizeRole, authorizeUsers } from '../accounts/account-users.access';
import {
  deleteInvitation,
  invitationInAccount,
  pendingInvitationRows,
  renewInvitation,
  type PendingInvitationRow,
} from './pending-invitations.queries';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

function present(row: PendingInvitationRow, now: Date): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expires_at > now ? 'pending' : 'expired',
    invited_by:
      row.inviter_id !== null && row.inviter_name !== null
        ? { id: row.inviter_id, name: row.inviter_name }
        : null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** Invitations of the account nobody accepted yet, newest first (manage Users). */
export async function pendingInvitationsOf(ctx: AppContext, actor: Actor) {
  authorizeUsers(actor);
  const rows = await pendingInvitationRows(ctx.database.db, actor.accountId);
  const now = new Date();
  return rows
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
    .map((row) => present(row, now));
}

/**
 * The actor's account's invitation that may still be acted on: 404 for another account's,
 * 422 once accepted, and an Admin's invitation only for those who may grant Admin.
 */
async function openInvitation(ctx: AppContext, actor: Actor, id: number) {
  authorizeUsers(actor);
  const row = found(await invitationInAccount(ctx.database.db, actor.accountId, id));
  if (row.accepted_at)
    throw invalidField('invitation', PENDING_INVITATION_MESSAGES.alreadyAccepted);
  authorizeRole(actor, row.role);
  return row;
}

/** Mails the invitation again with a new link, valid INVITATION_TTL_DAYS from now. */
export async function resendInvitation(ctx: AppContext, actor: Actor, id: number) {
  await openInvitation(ctx, actor, id);
  const { db } = ctx.database;
  const token = newToken();
  await renewInvitation(db, id, {
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  await ctx.jobs.enqueue('invitation-mail', { invitation_id: id, token });
  return present(found(await invitationInAccount(db, actor.accountId, id)), new Date());
}

/** Takes the invitation back: its link stops working at once. */
export async function revokeInvitation(ctx: AppContext, actor: Actor, id: number) {
  await openInvitation(ctx, actor, id);
  await deleteInvitation(ctx.database.db, id);
}
