import type { Db } from '../db/client';
import { findLiveToken } from './tokens.queries';

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

/** Platform admins (is_gpx_admin) may look into every account and edit every profile. */
export const isPlatformAdmin = (principal: Principal) => principal.user.is_gpx_admin;
