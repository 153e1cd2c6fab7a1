import { IMITATION_TTL_MS, type AuditEntry } from '@waymark/domain';
import { authorizePlatformAdmin, found } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../errors/domain-error';
import { issueToken } from '../auth/tokens.queries';
import { auditPage, userById, userPage, type AuditRow } from './admin-users.queries';

export const CANNOT_IMITATE_ADMIN = 'A platform admin cannot be imitated.';

type Page = { search?: string; limit: number; offset: number };

/** Every user, searched by name or e-mail, for platform admins only (403 otherwise). */
export function adminUsersPage(ctx: AppContext, principal: Principal, options: Page) {
  authorizePlatformAdmin(principal);
  return userPage(ctx.database.db, options);
}

/**
 * Opens a session as the user for the platform admin: an imitation token that carries both
 * identities (every write is audited with both) and expires after IMITATION_TTL_MS. Another
 * platform admin cannot be imitated (their powers would be borrowed); 404 for no such user.
 */
export async function startImitation(ctx: AppContext, principal: Principal, userId: number) {
  authorizePlatformAdmin(principal);
  const db = ctx.database.db;
  const user = found(await userById(db, userId));
  if (user.is_gpx_admin) throw forbidden(CANNOT_IMITATE_ADMIN);
  const expiresAt = new Date(Date.now() + IMITATION_TTL_MS);
  const imitationToken = await issueToken(db, user.id, 'imitation', {
    ttlMs: IMITATION_TTL_MS,
    imitatorId: principal.user.id,
  });
  return { imitation_token: imitationToken, expires_at: expiresAt.toISOString() };
}

const presentAudit = ({ entry, user, imitator }: AuditRow): AuditEntry => ({
  id: entry.id,
  created_at: entry.created_at.toISOString(),
  user,
  imitator,
  method: entry.method,
  path: entry.path,
  status_code: entry.status_code,
  summary: entry.summary,
});

/** The audit log, newest first, for platform admins only. */
export async function auditLogPage(ctx: AppContext, principal: Principal, options: Page) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await auditPage(ctx.database.db, options);
  return { rows: rows.map(presentAudit), total };
}
