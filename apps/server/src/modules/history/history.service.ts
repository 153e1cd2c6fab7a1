import { historyRetentionOf, type HistoryRetention } from '@waymark/domain';
import { authorize, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { historySettingsOf } from './history-retention.queries';

/** The account's history policy, as the retention job applies it: its admins' (manage Account). */
export async function historyRetention(ctx: AppContext, actor: Actor): Promise<HistoryRetention> {
  authorize(actor, 'manage', 'Account');
  return historyRetentionOf(await historySettingsOf(ctx.database.db, actor.accountId));
}
