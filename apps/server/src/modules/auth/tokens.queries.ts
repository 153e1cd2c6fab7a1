import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { tokens, users, type TokenKind } from '../../db/schema';
import { hashToken, newToken } from '../../http/tokens';

const imitators = alias(users, 'imitators');

/** Stores a new token of the given kind and returns the plain token, shown only once. */
export async function issueToken(
  db: Db,
  userId: number,
  kind: TokenKind,
  options: { ttlMs?: number; imitatorId?: number } = {},
): Promise<string> {
  const token = newToken();
  await db.insert(tokens).values({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    imitator_id: options.imitatorId ?? null,
    expires_at: options.ttlMs ? new Date(Date.now() + options.ttlMs) : null,
  });
  return token;
}

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

/** Marks a token used up; returns false when another request already consumed it. */
export async function revokeToken(db: Db, tokenId: number): Promise<boolean> {
  const revoked = await db
    .update(tokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revoked_at)))
    .returning({ id: tokens.id });
  return revoked.length > 0;
}

/** Revokes every live token of a kind for the user, except the one given. */
export async function revokeUserTokens(
  db: Db,
  userId: number,
  kind: TokenKind,
  exceptTokenId?: number,
) {
  await db
    .update(tokens)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(tokens.user_id, userId),
        eq(tokens.kind, kind),
        isNull(tokens.revoked_at),
        exceptTokenId === undefined ? undefined : ne(tokens.id, exceptTokenId),
      ),
    );
}
