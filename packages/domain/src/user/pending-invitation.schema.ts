import { z } from 'zod';
import { roleSchema } from '../account/account.schema';

/** Texts of the pending invitations under User Access (ours: spec 002 shows none). */
export const PENDING_INVITATION_MESSAGES = {
  title: 'Pending Invitations',
  resent: 'The invitation was sent again',
  revoked: 'The invitation was revoked',
  alreadyAccepted: 'This invitation was already accepted.',
} as const;

/**
 * An invitation not accepted yet (GET /v2/accounts/{id}/invites): the newest per address,
 * 'pending' while its link works, 'expired' after; Resend gives it a new link and 7 days.
 */
export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(['pending', 'expired']),
  invited_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string().describe('ISO 8601'),
  expires_at: z.string().describe('ISO 8601'),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
