import { eq, sql } from 'drizzle-orm';
import { reportCreateSchema } from '@waymark/domain';
import { actorOf } from '../access/actor';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/client';
import { accounts, users } from '../db/schema';
import { createReport, updateReport } from '../modules/reports/reports.service';

const DAY = 86_400_000;

/**
 * Demo Logistics' saved reports, made through the reports service as its manager (so each
 * keeps a snapshot as any saved report does): the three trackers that reported most
 * yesterday, over yesterday, the day before and the last two whole days (UTC), inside the
 * fully detailed days of the seeded history. The first is public.
 */
export async function seedDemoReports(ctx: AppContext) {
  const { db } = ctx.database;
  const [logistics] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@demo.test'));
  if (!logistics || !manager) return;
  const today = Math.floor(Date.now() / DAY) * DAY;
  const busiest = await queryRows<{ id: number }>(
    db,
    sql`SELECT device_id AS id FROM positions
        WHERE account_id = ${logistics.id} AND filter_reason IS NULL
          AND fix_time >= ${new Date(today - DAY).toISOString()}::timestamptz
          AND fix_time < ${new Date(today).toISOString()}::timestamptz
        GROUP BY device_id ORDER BY count(*) DESC, device_id LIMIT 3`,
  );
  const ranges = [
    [today - DAY, today],
    [today - 2 * DAY, today - DAY],
    [today - 2 * DAY, today],
  ] as const;
  const actor = await actorOf(db, manager.id, logistics.id);
  for (const [i, { id }] of busiest.entries()) {
    const [from, to] = ranges[i]!;
    const body = reportCreateSchema.parse({
      device_id: id,
      start_at: new Date(from).toISOString(),
      end_at: new Date(to).toISOString(),
    });
    const report = await createReport(ctx, actor, body);
    if (i === 0) await updateReport(ctx, actor, report.id, { is_public: true });
  }
}
