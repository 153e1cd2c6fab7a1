import { z } from 'zod';
import { roleSchema } from '../account/account.schema';
import { MESSAGES, passwordConfirmation, passwordSchema } from '../auth/auth.schema';
import { idListSchema, textSchema } from '../common/fields.schema';
import { DEFAULT_INVITE_ROLE, MAX_INVITE_EMAILS, USER_ACCESS_MESSAGES } from './account-user.rules';

/** A user of an account with their role and tracker access (GET /accounts/{id}/users). */
export const accountUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  full_device_access: z.boolean(),
  device_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  /**
   * Trackers the user sees, through device_ids and group_ids alike; null for full access, and
   * in list pages unless asked for with include=devicesCount.
   */
  devices_count: z.number().int().nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

const accessFields = {
  role: roleSchema,
  full_device_access: z.boolean({ error: 'full_device_access must be true or false' }),
  device_ids: idListSchema.max(10_000).default([]),
  group_ids: idListSchema.max(1_000).default([]),
};

const inviteEmail = z.email({ error: USER_ACCESS_MESSAGES.incorrectEmails });

/** POST /v2/accounts/{id}/invites (spec 002 §3 "Invite", §5). */
export const inviteRequestSchema = z.object({
  emails: z
    .array(
      inviteEmail.transform((e) => e.toLowerCase()),
      {
        error: USER_ACCESS_MESSAGES.incorrectEmails,
      },
    )
    .min(1, USER_ACCESS_MESSAGES.incorrectEmails)
    .max(MAX_INVITE_EMAILS, `At most ${MAX_INVITE_EMAILS} e-mail addresses at once.`),
  ...accessFields,
  role: roleSchema.default(DEFAULT_INVITE_ROLE),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/**
 * What an invitation did: every address not yet in the account is `invited` (a mailed link to
 * accept), whether or not it has a login, so the reply tells nothing about who has one.
 */
export const inviteResultSchema = z.object({
  invited: z.array(z.string()),
  /** Already in the account: nothing changed for them. */
  already_members: z.array(z.string()),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** PUT /v2/accounts/{id}/users/{userId}: the permission editor's fields. */
export const accountUserUpdateSchema = z.object(accessFields);
export type AccountUserUpdate = z.input<typeof accountUserUpdateSchema>;

/** GET /accounts/{id}/users/invite?token=: what the create-account page shows. */
export const invitationSchema = z.object({
  email: z.string(),
  account: z.object({ id: z.number().int(), title: z.string() }),
  role: roleSchema,
  expires_at: z.string(),
  /** The address has a login: accepting asks for its password instead of making one. */
  has_login: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * PUT /accounts/{id}/users/invite: accept an invitation. A new login gives its name and a
 * password with its confirmation; an existing login gives its own password (its consent).
 */
export const acceptInvitationSchema = z
  .object({
    token: textSchema({ max: 255, trim: false, error: USER_ACCESS_MESSAGES.invitationInvalid }).min(
      1,
      USER_ACCESS_MESSAGES.invitationInvalid,
    ),
    name: textSchema({ max: 255, error: MESSAGES.nameRequired })
      .min(1, MESSAGES.nameRequired)
      .optional(),
    password: passwordSchema,
    password_confirmation: passwordConfirmation.optional(),
  })
  .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** The new session of an accepted invitation, and the account it opens in. */
export const acceptedInvitationSchema = z.object({
  token: z.string(),
  account_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
