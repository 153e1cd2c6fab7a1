import { MESSAGES } from '@waymark/domain';
import type { Db } from '../db/client';
import { forbidden } from '../errors/domain-error';
import { apiTokenActor, findLiveToken } from './tokens.queries';

/** A user as access checks need them. */
export interface PrincipalUser {
  id: number;
  name: string;
  email: string;
  is_gpx_admin: boolean;
}

/** Who acts: a user, and the platform admin imitating them, if one is. */
export interface Principal {
  user: PrincipalUser;
  /** The platform admin acting as `user`, while imitating. */
  imitator: { id: number; name: string; email: string } | null;
  /**
   * Set when the call came with an account's API token: the principal acts in that account
   * only (any other is 404) and may not use the calls of a user's own login.
   */
  apiAccountId?: number;
}

/** A principal signed in with a bearer token (the token is what logout revokes). */
export interface Session extends Principal {
  tokenId: number;
}

/** The session a bearer token (session or imitation) opens, or undefined when it is not live. */
export async function sessionOf(db: Db, token: string): Promise<Session | undefined> {
  const found = await findLiveToken(db, token, ['session', 'imitation']);
  if (!found) return undefined;
  return {
    user: found.user,
    tokenId: found.tokenId,
    imitator: found.kind === 'imitation' && found.imitator?.id ? found.imitator : null,
  };
}

/** No session row stands behind an API token: logout and the like have nothing to revoke. */
const NO_TOKEN_ROW = 0;

/**
 * The principal of a bearer token: a session or imitation token, else an account's API token
 * (acting as the account's admin, in that account only). Undefined when neither is live; a
 * reset API token is looked up on every call, so it stops working at once.
 */
export async function principalOfBearer(db: Db, token: string): Promise<Session | undefined> {
  const session = await sessionOf(db, token);
  if (session) return session;
  const api = await apiTokenActor(db, token);
  if (!api) return undefined;
  return {
    user: { ...api.user, is_gpx_admin: false },
    imitator: null,
    tokenId: NO_TOKEN_ROW,
    apiAccountId: api.accountId,
  };
}

/** Platform admins (is_gpx_admin) may look into every account and edit every profile. */
export const isPlatformAdmin = (principal: Principal) => principal.user.is_gpx_admin;

/**
 * A person's own credentials (password, e-mail, API token) change only in their own session:
 * an admin imitating them would otherwise hold a login that works without imitation, unaudited.
 */
export function authorizeOwnCredentials(principal: Principal) {
  if (principal.imitator) throw forbidden(MESSAGES.imitationCredentials);
}
