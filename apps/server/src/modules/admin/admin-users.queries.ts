import { alias } from 'drizzle-orm/pg-core';
import { asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accountMemberships, accounts, auditLog, users } from '../../db/schema';

/** A page of every user by name, searched by name or e-mail, with the accounts they are in. */
export async function userPage(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        is_gpx_admin: users.is_gpx_admin,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const memberships =
    rows.length === 0
      ? []
      : await db
          .select({ user_id: accountMemberships.user_id, id: accounts.id, title: accounts.title })
          .from(accountMemberships)
          .innerJoin(accounts, eq(accounts.id, accountMemberships.account_id))
          .where(
            inArray(
              accountMemberships.user_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(accounts.title));
  return {
    rows: rows.map((user) => ({
      ...user,
      accounts: memberships
        .filter((m) => m.user_id === user.id)
        .map(({ id, title }) => ({ id, title })),
    })),
    total: total?.total ?? 0,
  };
}

export async function userById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export function recordAudit(db: Db, values: typeof auditLog.$inferInsert) {
  return db.insert(auditLog).values(values);
}

const actedAs = alias(users, 'acted_as');
const imitator = alias(users, 'imitator');

/** A page of the audit log, newest first, searched by either person's name or e-mail, the path or the summary. */
export async function auditPage(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern
    ? or(
        ilike(actedAs.name, pattern),
        ilike(actedAs.email, pattern),
        ilike(imitator.name, pattern),
        ilike(imitator.email, pattern),
        ilike(auditLog.path, pattern),
        ilike(auditLog.summary, pattern),
      )
    : undefined;
  const base = () =>
    db
      .select({
        entry: auditLog,
        user: { id: actedAs.id, name: actedAs.name, email: actedAs.email },
        imitator: { id: imitator.id, name: imitator.name, email: imitator.email },
      })
      .from(auditLog)
      .leftJoin(actedAs, eq(actedAs.id, auditLog.user_id))
      .leftJoin(imitator, eq(imitator.id, auditLog.imitator_id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count() })
      .from(auditLog)
      .leftJoin(actedAs, eq(actedAs.id, auditLog.user_id))
      .leftJoin(imitator, eq(imitator.id, auditLog.imitator_id))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>['rows'][number];
