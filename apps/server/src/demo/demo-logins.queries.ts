import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DEMO_LOGINS } from './demo';

/** The demo logins (README passwords) that exist in this database. */
export async function demoLoginsPresent(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((l) => l.email),
      ),
    );
  return rows.map((r) => r.email);
}

/** True once a platform admin exists (a fresh production install has none). */
export async function hasPlatformAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.is_gpx_admin, true))
    .limit(1);
  return rows.length > 0;
}
