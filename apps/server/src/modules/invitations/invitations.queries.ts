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

/** The user with this e-mail, whether they already belong to the account, and are platform admin. */
export async function userByEmail(db: Db, accountId: number, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      is_gpx_admin: users.is_gpx_admin,
      member: sql<boolean>`${accountMemberships.user_id} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(
      accountMemberships,
      and(eq(accountMemberships.user_id, users.id), eq(accountMemberships.account_id, accountId)),
    )
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

/**
 * A pending invitation of an address, with or without a login. An earlier pending one for the
 * same account and address stops working: only the newest link counts.
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

/**
 * The live (unaccepted, unexpired) invitation of this link, with the account's title and the
 * login the address has (null when none).
 */
export async function liveInvitation(db: Db, accountId: number, token: string) {
  const [row] = await db
    .select({
      email: invitations.email,
      role: invitations.role,
      expires_at: invitations.expires_at,
      account: { id: accounts.id, title: accounts.title },
      login: { id: users.id, is_gpx_admin: users.is_gpx_admin },
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.account_id))
    .leftJoin(users, eq(users.email, invitations.email))
    .where(live(accountId, token));
  return row;
}

/** Who accepts: a new login with the name and password chosen, or an existing one by id. */
export type Acceptor = { name: string; passwordHash: string } | { userId: number };

/** Thrown inside the transaction to undo it when a login was made for the address since. */
const LOGIN_MADE_SINCE = new Error('a login was made for the address since');

/**
 * Accepts the invitation once: marks it accepted, creates the login (for a new one) and the
 * membership, in one transaction. Undefined when the link is not live; 'login-exists' when a
 * new login was asked for but the address got one since (nothing changed: its password must
 * be given instead).
 */
export async function acceptInvitation(
  db: Db,
  accountId: number,
  token: string,
  acceptor: Acceptor,
): Promise<{ id: number; name: string; email: string } | 'login-exists' | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .update(invitations)
        .set({ accepted_at: sql`now()` })
        .where(live(accountId, token))
        .returning();
      if (!invitation) return undefined;
      const [user] =
        'userId' in acceptor
          ? await tx
              .select({ id: users.id, name: users.name, email: users.email })
              .from(users)
              .where(eq(users.id, acceptor.userId))
          : await tx
              .insert(users)
              .values({
                name: acceptor.name,
                email: invitation.email,
                password_hash: acceptor.passwordHash,
              })
              .onConflictDoNothing({ target: users.email })
              .returning({ id: users.id, name: users.name, email: users.email });
      if (!user) throw LOGIN_MADE_SINCE;
      await tx
        .insert(accountMemberships)
        .values({
          account_id: accountId,
          user_id: user.id,
          role: invitation.role,
          full_device_access: invitation.full_device_access,
          device_ids: invitation.device_ids,
          group_ids: invitation.group_ids,
        })
        .onConflictDoNothing();
      await tx
        .update(invitations)
        .set({ user_id: user.id })
        .where(eq(invitations.id, invitation.id));
      return user;
    });
  } catch (error) {
    if (error === LOGIN_MADE_SINCE) return 'login-exists';
    throw error;
  }
}

/** The invitation with what its e-mail says; undefined when it is gone. */
export async function invitationForMail(db: Db, invitationId: number) {
  const [found] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
  if (!found) return undefined;
  const [account] = await db
    .select({ title: accounts.title })
    .from(accounts)
    .where(eq(accounts.id, found.account_id));
  const [inviter] = found.invited_by
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, found.invited_by))
    : [];
  const [login] = await db.select({ id: users.id }).from(users).where(eq(users.email, found.email));
  return {
    ...found,
    account_title: account?.title ?? '',
    inviter_name: inviter?.name ?? null,
    has_login: login !== undefined,
  };
}

/** Records that the invitation's e-mail is in the outbox. */
export async function markInvitationMailed(db: Db, invitationId: number) {
  await db
    .update(invitations)
    .set({ mailed_at: sql`now()` })
    .where(eq(invitations.id, invitationId));
}
