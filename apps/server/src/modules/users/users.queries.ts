import { and, count, eq, gt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAudit, timezones, users } from '../../db/schema';
import type { LoginFailures } from '../auth/login-throttle';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  timezone_id: users.timezone_id,
  timezone: timezones.identifier,
  is_gpx_admin: users.is_gpx_admin,
};

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(timezones, eq(timezones.id, users.timezone_id))
    .where(eq(users.id, id));
  return row;
}

export async function findUserForLogin(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function emailTaken(db: Db, email: string, exceptUserId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, exceptUserId)));
  return row !== undefined;
}

export async function updateUser(
  db: Db,
  id: number,
  values: { name: string; email: string; phone: string | null; timezone_id: number },
) {
  await db
    .update(users)
    .set({ ...values, email: values.email.toLowerCase(), updated_at: sql`now()` })
    .where(eq(users.id, id));
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string) {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where(eq(users.id, id));
}

export async function recordLogin(
  db: Db,
  entry: {
    user_id: number | null;
    email: string;
    success: boolean;
    reason?: string;
    ip: string;
    user_agent?: string;
  },
) {
  await db
    .insert(loginAudit)
    .values({ ...entry, reason: entry.reason ?? null, user_agent: entry.user_agent ?? null });
}

/**
 * The failed logins the throttle weighs (auth/login-throttle.ts): of this address and e-mail
 * since their last success (within `pairWindowMs`), of this address and of this e-mail within
 * `burstWindowMs`, and whether the e-mail signed in from this address within
 * `knownAddressWindowMs`.
 */
export async function loginFailures(
  db: Db,
  email: string,
  ip: string,
  windows: { pairWindowMs: number; burstWindowMs: number; knownAddressWindowMs: number },
): Promise<LoginFailures> {
  const lower = email.toLowerCase();
  const since = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;
  const failed = (...where: SQL[]) =>
    db
      .select({ failures: count(), last: max(loginAudit.created_at) })
      .from(loginAudit)
      .where(and(eq(loginAudit.success, false), ...where))
      .then(([row]) => ({ failures: row?.failures ?? 0, last: row?.last ?? null }));
  const [lastSuccess] = await db
    .select({ at: max(loginAudit.created_at) })
    .from(loginAudit)
    .where(and(eq(loginAudit.email, lower), eq(loginAudit.ip, ip), eq(loginAudit.success, true)));
  const pairSince = lastSuccess?.at
    ? sql`greatest(${lastSuccess.at.toISOString()}::timestamptz, ${since(windows.pairWindowMs)})`
    : since(windows.pairWindowMs);
  const [pair, address, byEmail] = await Promise.all([
    failed(
      eq(loginAudit.email, lower),
      eq(loginAudit.ip, ip),
      gt(loginAudit.created_at, pairSince),
    ),
    failed(eq(loginAudit.ip, ip), gt(loginAudit.created_at, since(windows.burstWindowMs))),
    failed(eq(loginAudit.email, lower), gt(loginAudit.created_at, since(windows.burstWindowMs))),
  ]);
  const knownSince = Date.now() - windows.knownAddressWindowMs;
  const knownAddress = lastSuccess?.at != null && lastSuccess.at.getTime() > knownSince;
  return { pair, address, email: byEmail, knownAddress };
}

export async function timezoneExists(db: Db, id: number) {
  const [row] = await db.select({ id: timezones.id }).from(timezones).where(eq(timezones.id, id));
  return row !== undefined;
}

export async function listTimezones(db: Db) {
  return db.select().from(timezones).orderBy(timezones.identifier);
}

/**
 * Makes `email` a platform admin, adding the login when it does not exist (its password hash
 * then matches no password until the set-password link is used). Answers the user's id.
 */
export async function upsertPlatformAdmin(
  db: Db,
  values: { email: string; name: string; unusablePasswordHash: string },
) {
  const email = values.email.toLowerCase();
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: values.name,
      password_hash: values.unusablePasswordHash,
      is_gpx_admin: true,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { is_gpx_admin: true, updated_at: sql`now()` },
    })
    .returning({ id: users.id });
  return row!.id;
}
