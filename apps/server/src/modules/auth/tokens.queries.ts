import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokens, type TokenKind } from '../../db/schema';
import { hashToken, newToken } from '../../http/tokens';

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

/** Marks a token used up; returns false when another request already consumed it. */
export async function revokeToken(db: Db, tokenId: number): Promise<boolean> {
  const revoked = await db
    .update(tokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revoked_at)))
    .returning({ id: tokens.id });
  return revoked.length > 0;
}

/**
 * Revokes the user's live tokens of a kind, or of every kind (sessions, one-time login links,
 * reset links, impersonations of them) when `kind` is 'all', except the one given. Answers the
 * ids revoked.
 */
export async function revokeUserTokens(
  db: Db,
  userId: number,
  kind: TokenKind | 'all',
  exceptTokenId?: number,
): Promise<number[]> {
  const revoked = await db
    .update(tokens)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        kind === 'all'
          ? or(eq(tokens.user_id, userId), eq(tokens.imitator_id, userId))
          : and(eq(tokens.user_id, userId), eq(tokens.kind, kind)),
        isNull(tokens.revoked_at),
        exceptTokenId === undefined ? undefined : ne(tokens.id, exceptTokenId),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.map((row) => row.id);
}
