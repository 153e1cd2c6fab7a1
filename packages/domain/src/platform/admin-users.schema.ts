import { z } from 'zod';

/**
 * How long an impersonation lasts: the imitation token a platform admin gets stops working
 * after this, whether or not they quit (docs/architecture.md, "Impersonation").
 */
export const IMITATION_TTL_MS = 60 * 60_000;

/** A user as a platform admin finds them (GET /admin/users), to impersonate. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_gpx_admin: z.boolean(),
  accounts: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /admin/users/{id}/imitation: the token the app acts with while imitating. */
export const imitationSchema = z.object({
  imitation_token: z.string(),
  expires_at: z.string(),
});
export type Imitation = z.infer<typeof imitationSchema>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable();

/** One write of a platform admin, in their own name or while imitating (GET /admin/audit-log). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: person.describe('Who the call acted as: the imitated user while imitating'),
  imitator: person.describe('The platform admin behind an imitated call; null otherwise'),
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  summary: z
    .string()
    .nullable()
    .describe('What ran, in words (e.g. a Utilities action and its result)'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
