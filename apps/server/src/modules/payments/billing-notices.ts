import { formatMoney, invoiceNumber } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { noticeRecipients } from './billing-notices.queries';
import { paymentRow } from './payments.queries';
import { queueMail } from '../delivery/outbound-messages';

export type BillingNotice = {
  kind:
    | 'payment-succeeded'
    | 'payment-failed'
    | 'subscription-renewing'
    | 'subscription-blocked'
    | 'subscription-cancelled';
  account_id: number;
  payment_id?: number;
  subscription_id?: number;
};

/** Billing notices go to those with billing notifications on; the others to subscription ones. */
const CODE: Record<BillingNotice['kind'], string> = {
  'payment-succeeded': 'receive_billing_notifications',
  'payment-failed': 'receive_billing_notifications',
  'subscription-renewing': 'receive_subscription_notifications',
  'subscription-blocked': 'receive_subscription_notifications',
  'subscription-cancelled': 'receive_subscription_notifications',
};

/** Queues the notice's e-mails as a job, after the change that caused it. */
export async function queueBillingNotice(ctx: Pick<AppContext, 'jobs'>, notice: BillingNotice) {
  await ctx.jobs.enqueue('billing-notice', notice);
}

async function message(ctx: Pick<AppContext, 'database' | 'config'>, n: BillingNotice) {
  const link = (path: string) => new URL(path, ctx.config.appUrl).href;
  const payment = n.payment_id ? await paymentRow(ctx.database.db, n.payment_id) : undefined;
  const invoice = payment ? invoiceNumber(payment.order_id, payment.id) : '';
  const amount = payment ? formatMoney(payment.amount) : '';
  switch (n.kind) {
    case 'payment-succeeded':
      return {
        subject: `Payment received: invoice ${invoice}`,
        text: `We received your payment of ${amount} for invoice ${invoice}. Thank you for your payment.\n\nYour orders: ${link('/manage/orders')}\n`,
      };
    case 'payment-failed':
      return {
        subject: `Payment failed: invoice ${invoice}`,
        text: `Your payment of ${amount} for invoice ${invoice} failed: ${payment?.last_error ?? 'the card was declined'}.\n\nPay it or update your card: ${link(`/manage/orders/${payment?.order_id ?? ''}`)}\n`,
      };
    case 'subscription-renewing':
      return {
        subject: `Subscription #${n.subscription_id} is renewing`,
        text: `Your subscription #${n.subscription_id} renews today; we are charging your default card.\n\n${link(`/manage/subscriptions/${n.subscription_id}`)}\n`,
      };
    case 'subscription-blocked':
      return {
        subject: `Subscription #${n.subscription_id} is blocked`,
        text: `We could not charge the renewal of subscription #${n.subscription_id}, so its trackers are blocked. Pay the renewal order to unblock them.\n\n${link(`/manage/subscriptions/${n.subscription_id}`)}\n`,
      };
    case 'subscription-cancelled':
      return {
        subject: `Subscription #${n.subscription_id} is cancelled`,
        text: `Subscription #${n.subscription_id} has been cancelled.\n\n${link(`/manage/subscriptions/${n.subscription_id}`)}\n`,
      };
  }
}

/**
 * The `billing-notice` job: one e-mail to each recipient who has the notice's flag on, through
 * the outbox. Each is keyed by this job and the address, so a retry of the job (a process
 * killed mid-way) writes no second copy, and one recipient's failing send is retried alone.
 */
export async function sendBillingNotice(
  ctx: Pick<AppContext, 'database' | 'config' | 'jobs' | 'storage'>,
  job: QueuedJob<BillingNotice>,
) {
  const recipients = await noticeRecipients(
    ctx.database.db,
    job.data.account_id,
    CODE[job.data.kind],
  );
  if (recipients.length === 0) return;
  const { subject, text } = await message(ctx, job.data);
  await queueMail(
    ctx,
    recipients.map((r) => ({
      key: `billing-notice:${job.id}:${r.email}`,
      kind: 'billing-notice',
      to: r.email,
      subject,
      text: `${r.title}\n\n${text}`,
    })),
  );
}
