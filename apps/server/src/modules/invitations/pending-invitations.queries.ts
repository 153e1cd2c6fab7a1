import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountMemberships, invitations, users } from '../../db/schema';

const columns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  accepted_at: invitations.accepted_at,
  created_at: invitations.created_at,
  expires_at: invitations.expires_at,
  inviter_id: users.id,
  inviter_name: users.name,
};

export type PendingInvitationRow = NonNullable<Awaited<ReturnType<typeof invitationInAccount>>>;

/**
 * The account's invitations nobody accepted: the newest per address (an earlier link stopped
 * working when the next was sent), without addresses that joined the account since.
 */
export function pendingInvitationRows(db: Db, accountId: number) {
  const joined = sql`exists (
    select 1 from ${accountMemberships}
    join ${users} as member on member.id = ${accountMemberships.user_id}
    where ${accountMemberships.account_id} = ${invitations.account_id}
      and member.email = ${invitations.email})`;
  return db
    .selectDistinctOn([invitations.email], columns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(
      and(
        eq(invitations.account_id, accountId),
        isNull(invitations.accepted_at),
        sql`not ${joined}`,
      ),
    )
    .orderBy(invitations.email, desc(invitations.id));
}

/** One invitation of the account (undefined for another account's). */
export async function invitationInAccount(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(and(eq(invitations.account_id, accountId), eq(invitations.id, id)));
  return row;
}

/** A new link for the invitation: the old one stops working; the mail job may send again. */
export async function renewInvitation(
  db: Db,
  id: number,
  values: { tokenHash: string; expiresAt: Date },
) {
  await db
    .update(invitations)
    .set({ token_hash: values.tokenHash, expires_at: values.expiresAt, mailed_at: null })
    .where(and(eq(invitations.id, id), isNull(invitations.accepted_at)));
}

export function deleteInvitation(db: Db, id: number) {
  return db.delete(invitations).where(and(eq(invitations.id, id), isNull(invitations.accepted_at)));
}
