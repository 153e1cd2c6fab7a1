import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { timezones } from '../schema';

/** Fills the IANA time zone list once; every installation needs it, demo or not. */
export async function seedTimezones(db: Db) {
  const [row] = await db.select({ n: count() }).from(timezones);
  if ((row?.n ?? 0) > 0) return;
  const identifiers = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  await db
    .insert(timezones)
    .values(identifiers.map((identifier) => ({ identifier })))
    .onConflictDoNothing();
}
