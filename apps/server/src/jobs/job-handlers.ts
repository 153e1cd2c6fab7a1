import type { AppContext } from '../app-context';
import { fanOutAlerts } from '../modules/alerts/alert-fanout';
import { sendAlert, sendAlertDigest } from '../modules/alerts/alert-sending';
import { sweepAlerts } from '../modules/alerts/alerts-sweep.job';
import { deliverPositionsReport } from '../modules/exports/report-builder.service';
import { deliverGeofenceVisits } from '../modules/geofences/geofences.export';
import { runRuleAction } from '../modules/rules/rule-actions';
import { runShipmentClock } from '../modules/shipments/shipment-clock.job';
import { sendShipmentNotification } from '../modules/shipments/shipment-notifications';
import type { JobName, JobPayloads } from './job-catalogue';
import type { JobHandler } from './job-queue';

/** Every job of the catalogue has its handler here (the type refuses one left out). */
const handlers: { [N in JobName]: (ctx: AppContext) => JobHandler<JobPayloads[N]> } = {
  'positions-report': (ctx) => (job) => deliverPositionsReport(ctx, job),
  'geofence-visits-export': (ctx) => (job) => deliverGeofenceVisits(ctx, job),
  'shipment-notification': (ctx) => (job) => sendShipmentNotification(ctx, job),
  'shipments-clock': (ctx) => () => runShipmentClock(ctx),
  'alert-fanout': (ctx) => (job) => fanOutAlerts(ctx, job),
  'alert-delivery': (ctx) => (job) => sendAlert(ctx, job),
  'alert-digest': (ctx) => (job) => sendAlertDigest(ctx, job),
  'alerts-sweep': (ctx) => () => sweepAlerts(ctx),
  'rule-action': (ctx) => (job) => runRuleAction(ctx, job),
};

export const JOB_NAMES = Object.keys(handlers) as JobName[];

/** Starts the queue and runs every job of the product in this process. */
export async function workJobs(ctx: AppContext) {
  await ctx.jobs.start();
  await ctx.jobs.work('positions-report', handlers['positions-report'](ctx));
  await ctx.jobs.work('geofence-visits-export', handlers['geofence-visits-export'](ctx));
  await ctx.jobs.work('shipment-notification', handlers['shipment-notification'](ctx));
  await ctx.jobs.work('shipments-clock', handlers['shipments-clock'](ctx));
  await ctx.jobs.work('rule-action', handlers['rule-action'](ctx));
  // Every minute (UTC), the clock moves shipments of silent trackers on (late, notify).
  await ctx.jobs.schedule('shipments-clock', '* * * * *', {});
  await ctx.jobs.work('alert-fanout', handlers['alert-fanout'](ctx));
  await ctx.jobs.work('alert-delivery', handlers['alert-delivery'](ctx));
  await ctx.jobs.work('alert-digest', handlers['alert-digest'](ctx));
  await ctx.jobs.work('alerts-sweep', handlers['alerts-sweep'](ctx));
  // Every minute, what a stopped process left unqueued is queued again.
  await ctx.jobs.schedule('alerts-sweep', '* * * * *', {});
}
