import { INVITATION_TTL_DAYS, ROLE_LABELS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { hashToken } from '../../http/tokens';
import { queueMail } from '../delivery/outbound-messages';
import { invitationForMail, markInvitationMailed } from './invitations.queries';

type Ctx = Pick<AppContext, 'database' | 'jobs' | 'storage' | 'config'>;

/**
 * The job of one invitation's e-mail: the link to accept it, which makes a login for a new
 * address and asks an existing login for its password. It goes through the outbox, keyed by
 * the invitation and its link (a resent invitation has a new link), so a retried job mails once.
 */
export async function sendInvitationMail(
  ctx: Ctx,
  job: QueuedJob<{ invitation_id: number; token?: string }>,
) {
  const { db } = ctx.database;
  const invitation = await invitationForMail(db, job.data.invitation_id);
  if (!invitation) return;
  const mail = (key: string, subject: string, text: string) =>
    queueMail(ctx, [{ key, kind: 'invitation', to: invitation.email, subject, text }]);
  const who = invitation.inviter_name ?? 'An administrator';
  const role = ROLE_LABELS[invitation.role];
  if (invitation.accepted_at || !job.data.token) {
    // Invitations accepted on the spot, before consent was asked (issue 39), keep their notice.
    await mail(
      `invitation:${invitation.id}:added`,
      `You now have access to ${invitation.account_title} on Waymark`,
      [
        `${who} added you to ${invitation.account_title} as ${role}.`,
        `Log in with your usual e-mail and password: ${new URL('/login', ctx.config.appUrl).href}`,
        'Switch to the account from the account menu if another one opens first.',
      ].join('\n\n'),
    );
    await markInvitationMailed(db, invitation.id);
    return;
  }
  const link = new URL('/create-account', ctx.config.appUrl);
  link.searchParams.set('account', String(invitation.account_id));
  link.searchParams.set('token', job.data.token);
  const step = invitation.has_login
    ? `Open this link within ${INVITATION_TTL_DAYS} days and enter your Waymark password to accept: ${link.href}`
    : `Open this link within ${INVITATION_TTL_DAYS} days to choose your name and password: ${link.href}`;
  await mail(
    `invitation:${invitation.id}:${hashToken(job.data.token)}`,
    `You are invited to ${invitation.account_title} on Waymark`,
    [
      `${who} invited you to join ${invitation.account_title} on Waymark as ${role}.`,
      step,
      'The link works once. If you did not expect this invitation, ignore this e-mail: nothing changes until you accept.',
    ].join('\n\n'),
  );
  await markInvitationMailed(db, invitation.id);
}
