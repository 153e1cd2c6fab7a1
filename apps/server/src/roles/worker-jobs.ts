import { fanOutAlerts } from '../modules/alerts/alert-fanout';
import { sendAlert, sendAlertDigest } from '../modules/alerts/alert-sending';
import { sweepAlerts } from '../modules/alerts/alerts-sweep.job';
import { deliverPositionsReport } from '../modules/exports/report-builder.service';
import { deliverReportPdf } from '../modules/reports/report-pdf.job';
import { deliverGeofenceVisits } from '../modules/geofences/geofences.export';
import { sendInvitationMail } from '../modules/invitations/invitation-mail.job';
import {
  sendScheduledReport,
  sweepReportSchedules,
} from '../modules/report-schedules/report-schedules.jobs';
import { runRuleAction } from '../modules/rules/rule-actions';
import { sendBillingNotice } from '../modules/payments/billing-notices';
import { runRenewals } from '../modules/subscriptions/renewals.job';
import { SandboxProvider } from '../adapters/payments/sandbox-provider';
import { createPartitionsAhead } from '../modules/history/history-partitions.job';
import { applyHistoryRetention } from '../modules/history/history-retention.job';
import { answerMessage } from '../modules/scout/scout-answer.job';
import { runShipmentClock } from '../modules/shipments/shipment-clock.job';
import { sendShipmentNotification } from '../modules/shipments/shipment-notifications';
import {
  sendOutboundMessage,
  sweepOutboundMessages,
} from '../modules/delivery/outbound-message.job';
import { settleSmsCommand, SMS_COMMAND_KIND } from '../modules/commands/commands.sms';
import type { JobName, JobPayloads } from '../jobs/job-catalogue';
import type { JobHandler } from '../jobs/job-queue';
import type { WorkerContext } from './worker-context';

/** Every job of the catalogue has its handler here (the type refuses one left out). */
const handlers: { [N in JobName]: (ctx: WorkerContext) => JobHandler<JobPayloads[N]> } = {
  'positions-report': (ctx) => (job) => deliverPositionsReport(ctx, job),
  'report-pdf': (ctx) => (job) => deliverReportPdf(ctx, job),
  'geofence-visits-export': (ctx) => (job) => deliverGeofenceVisits(ctx, job),
  'shipment-notification': (ctx) => (job) => sendShipmentNotification(ctx, job),
  'shipments-clock': (ctx) => () => runShipmentClock(ctx),
  'alert-fanout': (ctx) => (job) => fanOutAlerts(ctx, job),
  'alert-delivery': (ctx) => (job) => sendAlert(ctx, job),
  'alert-digest': (ctx) => (job) => sendAlertDigest(ctx, job),
  'alerts-sweep': (ctx) => () => sweepAlerts(ctx),
  'rule-action': (ctx) => (job) => runRuleAction(ctx, job),
  'rules-silence': (ctx) => () => ctx.rules.checkSilence(),
  'invitation-mail': (ctx) => (job) => sendInvitationMail(ctx, job),
  'billing-notice': (ctx) => (job) => sendBillingNotice(ctx, job),
  'billing-renewals': (ctx) => () => runRenewals(ctx),
  'sandbox-webhooks': (ctx) => async () => {
    if (ctx.payments instanceof SandboxProvider) await ctx.payments.deliverPending();
  },
  'scout-answer': (ctx) => (job) => answerMessage(ctx, job),
  // The pipeline holds the segmentation's state, so it runs the rebuild between its commits.
  'trips-rebuild': (ctx) => (job) => ctx.rebuildTrips(job.data.device_id, new Date(job.data.from)),
  'report-schedules': (ctx) => () => sweepReportSchedules(ctx),
  'scheduled-report': (ctx) => (job) => sendScheduledReport(ctx, job),
  'outbound-message': (ctx) => (job) =>
    sendOutboundMessage(ctx, job, {
      [SMS_COMMAND_KIND]: (key, outcome) => settleSmsCommand(ctx, key, outcome),
    }),
  'outbound-sweep': (ctx) => () => sweepOutboundMessages(ctx),
  'history-partitions': (ctx) => async () => {
    await createPartitionsAhead(ctx);
  },
  'history-retention': (ctx) => async () => {
    await applyHistoryRetention(ctx);
  },
};

/** Workers per process of the jobs that send (the SMTP pool keeps five connections). */
const SENDING_WORKERS = 4;

export const JOB_NAMES = Object.keys(handlers) as JobName[];

/** Starts the queue and runs every job of the product in this process. */
export async function workJobs(ctx: WorkerContext) {
  await ctx.jobs.start();
  await ctx.jobs.work('positions-report', handlers['positions-report'](ctx));
  await ctx.jobs.work('report-pdf', handlers['report-pdf'](ctx));
  await ctx.jobs.work('geofence-visits-export', handlers['geofence-visits-export'](ctx));
  await ctx.jobs.work('shipment-notification', handlers['shipment-notification'](ctx));
  await ctx.jobs.work('shipments-clock', handlers['shipments-clock'](ctx));
  // Actions and deliveries wait on mail, SMS and webhook servers: several run at once.
  await ctx.jobs.work('rule-action', handlers['rule-action'](ctx), { workers: SENDING_WORKERS });
  await ctx.jobs.work('rules-silence', handlers['rules-silence'](ctx));
  // Every five minutes, rules about trackers silent for N hours (N at least 1) are asked.
  await ctx.jobs.schedule('rules-silence', '*/5 * * * *', {});
  await ctx.jobs.work('invitation-mail', handlers['invitation-mail'](ctx));
  // Every minute (UTC), the clock moves shipments of silent trackers on (late, notify).
  await ctx.jobs.schedule('shipments-clock', '* * * * *', {});
  // Scout's answers: a few at once, so one user's slow provider does not hold up the others.
  await ctx.jobs.work('scout-answer', handlers['scout-answer'](ctx), { workers: SENDING_WORKERS });
  await ctx.jobs.work('alert-fanout', handlers['alert-fanout'](ctx));
  await ctx.jobs.work('alert-delivery', handlers['alert-delivery'](ctx), {
    workers: SENDING_WORKERS,
  });
  await ctx.jobs.work('alert-digest', handlers['alert-digest'](ctx));
  await ctx.jobs.work('alerts-sweep', handlers['alerts-sweep'](ctx));
  // Every minute, what a stopped process left unqueued is queued again.
  await ctx.jobs.schedule('alerts-sweep', '* * * * *', {});
  await ctx.jobs.work('billing-notice', handlers['billing-notice'](ctx), {
    workers: SENDING_WORKERS,
  });
  // The one delivery path: every outbound message's send.
  await ctx.jobs.work('outbound-message', handlers['outbound-message'](ctx), {
    workers: SENDING_WORKERS,
  });
  await ctx.jobs.work('outbound-sweep', handlers['outbound-sweep'](ctx));
  await ctx.jobs.schedule('outbound-sweep', '* * * * *', {});
  await ctx.jobs.work('billing-renewals', handlers['billing-renewals'](ctx));
  // Hourly, at minute 7 (UTC): subscriptions renew, declined renewals are retried or blocked.
  await ctx.jobs.schedule('billing-renewals', '7 * * * *', {});
  await ctx.jobs.work('sandbox-webhooks', handlers['sandbox-webhooks'](ctx));
  await ctx.jobs.work('trips-rebuild', handlers['trips-rebuild'](ctx));
  // Every minute: sandbox events whose webhook delivery failed are sent again.
  await ctx.jobs.schedule('sandbox-webhooks', '* * * * *', {});
  await ctx.jobs.work('report-schedules', handlers['report-schedules'](ctx));
  // Every minute: scheduled reports whose period ended on their recipient's clock are sent.
  await ctx.jobs.schedule('report-schedules', '* * * * *', {});
  await ctx.jobs.work('scheduled-report', handlers['scheduled-report'](ctx), {
    workers: SENDING_WORKERS,
  });
  await ctx.jobs.work('history-partitions', handlers['history-partitions'](ctx));
  // Daily at 00:05 UTC: the coming months' position partitions, made ahead of their fixes.
  await ctx.jobs.schedule('history-partitions', '5 0 * * *', {});
  await ctx.jobs.work('history-retention', handlers['history-retention'](ctx));
  // Daily at 02:35 UTC, a quiet hour for most fleets: old fixes thinned, old months dropped.
  await ctx.jobs.schedule('history-retention', '35 2 * * *', {});
}
