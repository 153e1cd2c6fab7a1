import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accountMemberships, accounts, tokens, users, type TokenKind } from '../db/schema';
import { hashToken } from '../http/tokens';

const imitators = alias(users, 'imitators');

/** The live (unrevoked, unexpired) token with its user, or undefined. */
export async function findLiveToken(db: Db, token: string, kinds: TokenKind[]) {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      kind: tokens.kind,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        is_gpx_admin: users.is_gpx_admin,
      },
      imitator: { id: imitators.id, name: imitators.name, email: imitators.email },
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.user_id))
    .leftJoin(imitators, eq(imitators.id, tokens.imitator_id))
    .where(
      and(
        eq(tokens.token_hash, hashToken(token)),
        isNull(tokens.revoked_at),
        or(isNull(tokens.expires_at), gt(tokens.expires_at, sql`now()`)),
      ),
    )
    .limit(1);
  if (!row || !kinds.includes(row.kind)) return undefined;
  return row;
}

/** The user a principal is, by id; undefined when there is none. */
export async function findPrincipalUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      is_gpx_admin: users.is_gpx_admin,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The account whose API token this is, when the account has API access. */
export async function accountOfApiToken(db: Db, token: string) {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.api_token, token), eq(accounts.has_api_access, true)));
  return account?.id;
}

/**
 * Who a REST call made with the account's API token acts as: the account's longest-standing
 * admin (the token is the admin's to read and reset), never as a platform admin. Undefined
 * when the token is not live or the account has no admin.
 */
export async function apiTokenActor(db: Db, token: string) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(accounts)
    .innerJoin(
      accountMemberships,
      and(eq(accountMemberships.account_id, accounts.id), eq(accountMemberships.role, 'admin')),
    )
    .innerJoin(users, eq(users.id, accountMemberships.user_id))
    .where(and(eq(accounts.api_token, token), eq(accounts.has_api_access, true)))
    .orderBy(asc(accountMemberships.created_at), asc(users.id))
    .limit(1);
  return row;
}
