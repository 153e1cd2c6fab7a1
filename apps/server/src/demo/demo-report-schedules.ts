import { eq } from 'drizzle-orm';
import { reportScheduleCreateSchema } from '@waymark/domain';
import { actorOf } from '../access/actor';
import type { AppContext } from '../app-context';
import { accounts, reportSchedules, users } from '../db/schema';
import { createSchedule } from '../modules/report-schedules/report-schedules.service';

const DAY = 86_400_000;

/**
 * Demo Logistics' scheduled report, made through the service as its manager: the daily
 * summary of every tracker as XLSX to the manager. It is dated a day back, so the first sweep
 * after the start mails yesterday's (in the outbox, or over SMTP_URL) and the Fleet reports
 * tab shows it sent.
 */
export async function seedDemoReportSchedules(ctx: AppContext) {
  const { db } = ctx.database;
  const [logistics] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@demo.test'));
  if (!logistics || !manager) return;
  const actor = await actorOf(db, manager.id, logistics.id);
  const schedule = await createSchedule(
    ctx,
    actor,
    reportScheduleCreateSchema.parse({
      name: 'Daily fleet summary',
      report: 'summary',
      frequency: 'daily',
      format: 'xlsx',
      user_ids: [manager.id],
    }),
  );
  await db
    .update(reportSchedules)
    .set({ created_at: new Date(Date.now() - DAY) })
    .where(eq(reportSchedules.id, schedule.id));
}
