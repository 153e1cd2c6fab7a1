import { and, eq } from 'drizzle-orm';
import { SCOUT_SUGGESTED_QUESTIONS } from '@waymark/domain';
import type { AppContext } from '../app-context';
import { accounts, users } from '../db/schema';
import { OfflineModel } from '../modules/scout/offline/offline-model';
import { answer } from '../modules/scout/scout-agent';
import { insertDialog, insertMessage } from '../modules/scout/scout.queries';

/**
 * Two Scout conversations of the demo admin in Demo Logistics, so the History tab is not
 * empty on a first start: the two suggested questions, answered by the offline model from
 * the seeded fleet as any question is (the same agent, tools and actor).
 */
export async function seedDemoDialogs(ctx: AppContext) {
  const { db } = ctx.database;
  const [logistics] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, 'admin@demo.test')));
  if (!logistics || !admin) return;
  const model = new OfflineModel();
  for (const question of SCOUT_SUGGESTED_QUESTIONS) {
    const dialog = await insertDialog(db, {
      accountId: logistics.id,
      userId: admin.id,
      title: question,
    });
    const asked = await insertMessage(db, {
      dialogId: dialog.id,
      role: 'user',
      content: [{ type: 'text', text: question }],
    });
    await answer(ctx, model, {
      dialog_id: dialog.id,
      message_id: asked.id,
      user_id: admin.id,
      account_id: logistics.id,
    });
  }
}
