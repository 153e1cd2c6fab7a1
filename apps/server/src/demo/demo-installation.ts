import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import type { Database } from '../db/client';
import type { PositionPipeline } from '../pipeline/pipeline';
import { seedDemo } from './demo';
import { seedDemoBilling } from './demo-billing';
import { seedDemoDialogs } from './demo-dialogs';
import { seedDemoFleet } from './demo-fleet';
import { seedDemoInventory } from './demo-inventory';
import { seedDemoReports } from './demo-reports';
import { seedDemoReportSchedules } from './demo-report-schedules';
import { seedDemoRules } from './demo-rules';
import { seedDemoShipments } from './demo-shipments';

/**
 * Every demo area on an empty database, in the order each needs the last: accounts and
 * users, the fleet and its history, then shipments, rules, reports and a scheduled report, billing, Scout's
 * conversations and the device inventory. `npm start` and the isolation test run the same.
 */
export async function seedDemoInstallation(
  database: Database,
  ctx: AppContext,
  pipeline: PositionPipeline,
  log: FastifyBaseLogger,
  reportUrl?: string,
) {
  await seedDemo(database.db, { reportUrl });
  await seedDemoFleet(database, pipeline, log);
  // The fleet's statuses changed after its history went in (the blocked tracker): every cached
  // lookup of a tracker is read again.
  ctx.bus.publish('device.changed', { account_id: 0, device_id: 0, serials: [] });
  await seedDemoShipments(ctx, log);
  await seedDemoRules(ctx);
  await seedDemoReports(ctx);
  await seedDemoReportSchedules(ctx);
  await seedDemoBilling(ctx);
  await seedDemoDialogs(ctx);
  await seedDemoInventory(database.db);
}
