import { INVITATION_TTL_DAYS, ROLE_LABELS } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { claimInvitationMail, releaseInvitationMail } from './invitations.queries';

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'config'>;

/**
 * The job of one invitation's e-mail: the create-account link for a new address, or the news
 * of having been added for an existing login. The row is claimed before sending and given
 * back when sending fails, so a retried job mails once.
 */
export async function sendInvitationMail(
  ctx: Ctx,
  job: QueuedJob<{ invitation_id: number; token?: string }>,
) {
  const { db } = ctx.database;
  const invitation = await claimInvitationMail(db, job.data.invitation_id);
  if (!invitation) return;
  const who = invitation.inviter_name ?? 'An administrator';
  const role = ROLE_LABELS[invitation.role];
  try {
    if (invitation.accepted_at || !job.data.token) {
      await ctx.mailer.send({
        to: invitation.email,
        subject: `You now have access to ${invitation.account_title} on Waymark`,
        text: [
          `${who} added you to ${invitation.account_title} as ${role}.`,
          `Log in with your usual e-mail and password: ${new URL('/login', ctx.config.appUrl).href}`,
          'Switch to the account from the account menu if another one opens first.',
        ].join('\n\n'),
      });
      return;
    }
    const link = new URL('/create-account', ctx.config.appUrl);
    link.searchParams.set('account', String(invitation.account_id));
    link.searchParams.set('token', job.data.token);
    await ctx.mailer.send({
      to: invitation.email,
      subject: `You are invited to ${invitation.account_title} on Waymark`,
      text: [
        `${who} invited you to join ${invitation.account_title} on Waymark as ${role}.`,
        `Open this link within ${INVITATION_TTL_DAYS} days to choose your name and password: ${link.href}`,
        'The link works once. If you did not expect this invitation, ignore this e-mail.',
      ].join('\n\n'),
    });
  } catch (error) {
    await releaseInvitationMail(db, invitation.id);
    throw error;
  }
}
