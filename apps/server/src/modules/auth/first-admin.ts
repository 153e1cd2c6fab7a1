import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { upsertPlatformAdmin } from '../users/users.queries';
import { hashPassword } from './passwords';
import { issueSetPasswordLink } from './auth.service';

/** Long enough for whoever installs the server to open it the next morning. */
export const FIRST_ADMIN_LINK_TTL_MS = 24 * 3600_000;

const emailSchema = z.email({ error: 'must be an e-mail address' });

/**
 * The first-run path of a production install (issue 39): makes `email` a platform admin and
 * answers a one-time link to set its password, through the same tokens as the mailed reset
 * link. Run again, it makes a new link and the older one stops working.
 */
export async function createFirstAdmin(
  db: Db,
  appUrl: string,
  options: { email: string; name?: string },
) {
  const parsed = emailSchema.safeParse(options.email.trim());
  if (!parsed.success)
    throw new Error(`--email ${JSON.stringify(options.email)}: must be an e-mail address`);
  const email = parsed.data.toLowerCase();
  const userId = await upsertPlatformAdmin(db, {
    email,
    name: options.name?.trim() || 'Administrator',
    unusablePasswordHash: await hashPassword(randomBytes(32).toString('hex')),
  });
  return issueSetPasswordLink(appUrl, db, userId, email, FIRST_ADMIN_LINK_TTL_MS);
}
