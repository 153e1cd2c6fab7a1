import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountMemberships, accounts, invitations, users } from '../../db/schema';
import { hashToken } from '../../http/tokens';

export interface InvitationAccess {
  role: 'admin' | 'manager' | 'user' | 'viewer';
  full_device_access: boolean;
  device_ids: number[];
  group_ids: number[];
}

/** The user with this e-mail and whether they already belong to the account. */
export async function userByEmail(db: Db, accountId: number, email: string) {
  const [row] = await db
    .select({ id: users.id, member: sql<boolean>`${accountMemberships.user_id} IS NOT NULL` })
    .from(users)
    .leftJoin(
      accountMemberships,
      and(eq(accountMemberships.user_id, users.id), eq(accountMemberships.account_id, accountId)),
    )
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

/** Adds an existing login to the account and records it as an accepted invitation. */
export async function addMember(
  db: Db,
  values: { accountId: number; userId: number; email: string; invitedBy: number; expiresAt: Date },
  access: InvitationAccess,
) {
  return db.transaction(async (tx) => {
    await tx
      .insert(accountMemberships)
      .values({ account_id: values.accountId, user_id: values.userId, ...access })
      .onConflictDoNothing();
    const [row] = await tx
      .insert(invitations)
      .values({
        account_id: values.accountId,
        email: values.email,
        ...access,
        invited_by: values.invitedBy,
        user_id: values.userId,
        expires_at: values.expiresAt,
        accepted_at: sql`now()`,
      })
      .returning({ id: invitations.id });
    return row!.id;
  });
}

/**
 * A pending invitation for an address without a login. An earlier pending one for the same
 * account and address stops working: only the newest link counts.
 */
export async function createInvitation(
  db: Db,
  values: { accountId: number; email: string; invitedBy: number; expiresAt: Date; token: string },
  access: InvitationAccess,
) {
  return db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ expires_at: sql`now()` })
      .where(
        and(
          eq(invitations.account_id, values.accountId),
          eq(invitations.email, values.email),
          isNull(invitations.accepted_at),
        ),
      );
    const [row] = await tx
      .insert(invitations)
      .values({
        account_id: values.accountId,
        email: values.email,
        ...access,
        token_hash: hashToken(values.token),
        invited_by: values.invitedBy,
        expires_at: values.expiresAt,
      })
      .returning({ id: invitations.id });
    return row!.id;
  });
}

const live = (accountId: number, token: string) =>
  and(
    eq(invitations.account_id, accountId),
    eq(invitations.token_hash, hashToken(token)),
    isNull(invitations.accepted_at),
    gt(invitations.expires_at, sql`now()`),
  );

/** The live (unaccepted, unexpired) invitation of this link, with the account's title. */
export async function liveInvitation(db: Db, accountId: number, token: string) {
  const [row] = await db
    .select({
      email: invitations.email,
      role: invitations.role,
      expires_at: invitations.expires_at,
      account: { id: accounts.id, title: accounts.title },
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.account_id))
    .where(live(accountId, token));
  return row;
}

/**
 * Accepts the invitation once: marks it accepted, creates the login (or finds the one made
 * since) and the membership, in one transaction. Undefined when the link is not live.
 */
export async function acceptInvitation(
  db: Db,
  accountId: number,
  token: string,
  user: { name: string; passwordHash: string },
) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ accepted_at: sql`now()` })
      .where(live(accountId, token))
      .returning();
    if (!invitation) return undefined;
    const [created] = await tx
      .insert(users)
      .values({ name: user.name, email: invitation.email, password_hash: user.passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, name: users.name, email: users.email });
    // Someone who made a login since keeps their password; the link still adds them.
    const [member] = created
      ? [created]
      : await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    await tx
      .insert(accountMemberships)
      .values({
        account_id: accountId,
        user_id: member!.id,
        role: invitation.role,
        full_device_access: invitation.full_device_access,
        device_ids: invitation.device_ids,
        group_ids: invitation.group_ids,
      })
      .onConflictDoNothing();
    await tx
      .update(invitations)
      .set({ user_id: member!.id })
      .where(eq(invitations.id, invitation.id));
    return created ? { existing: false as const, user: created } : { existing: true as const };
  });
}

/** Claims the invitation's e-mail for sending; undefined when it was already sent. */
export async function claimInvitationMail(db: Db, invitationId: number) {
  const [claimed] = await db
    .update(invitations)
    .set({ mailed_at: sql`now()` })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.mailed_at)))
    .returning();
  if (!claimed) return undefined;
  const [account] = await db
    .select({ title: accounts.title })
    .from(accounts)
    .where(eq(accounts.id, claimed.account_id));
  const [inviter] = claimed.invited_by
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, claimed.invited_by))
    : [];
  return { ...claimed, account_title: account?.title ?? '', inviter_name: inviter?.name ?? null };
}

/** Gives a claim back after a failed send, so the retry sends it. */
export async function releaseInvitationMail(db: Db, invitationId: number) {
  await db.update(invitations).set({ mailed_at: null }).where(eq(invitations.id, invitationId));
}
