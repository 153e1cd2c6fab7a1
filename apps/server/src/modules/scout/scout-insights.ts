import type { ScoutInsight } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { authorizeAi } from './scout.access';
import { ScoutFleet } from './scout-fleet';
import { lexiconOf } from './scout-lexicon';
import { distanceText } from './query/query-answer';
import { parseQuestion } from './query/query-parse';
import { runQuery, type QueryResult } from './query/query-run';

/**
 * The home tab's insights (issue 38): each is a question Scout answers, parsed and run as the
 * offline model would run it for this user, and told in one sentence from its result, so what
 * the tab says and what the question answers when clicked are the same figures.
 */
const trackers = (n: number) => `${n} ${n === 1 ? 'tracker' : 'trackers'}`;

const INSIGHTS: {
  key: ScoutInsight['key'];
  question: string;
  tell: (r: QueryResult) => Pick<ScoutInsight, 'value' | 'text'> | undefined;
}[] = [
  {
    key: 'silent',
    question: 'Which trackers have not reported for a day?',
    tell: (r) => ({
      value: String(r.count),
      text:
        r.count === 0
          ? 'Every tracker that reports has reported in the last day'
          : `${trackers(r.count)} ${r.count === 1 ? 'has' : 'have'} not reported for a day`,
    }),
  },
  {
    key: 'low_battery',
    question: 'Which trackers have low battery?',
    tell: (r) => ({
      value: String(r.count),
      text: `${trackers(r.count)} ${r.count === 1 ? 'has' : 'have'} a battery under 20%`,
    }),
  },
  {
    key: 'moving',
    question: 'Which trackers are moving right now?',
    tell: (r) => ({
      value: String(r.count),
      text: `${trackers(r.count)} ${r.count === 1 ? 'is' : 'are'} moving right now`,
    }),
  },
  {
    key: 'top_distance',
    question: 'Which tracker drove the most yesterday?',
    tell: (r) => {
      const top = r.rows[0];
      if (!top?.value) return { value: '0 mi', text: 'No tracker drove yesterday' };
      const far = distanceText(top.value, r.query);
      return { value: far, text: `${top.name} drove the most yesterday: ${far}` };
    },
  },
  {
    key: 'late_shipments',
    question: 'Which shipments are running late?',
    tell: (r) => ({
      value: String(r.count),
      text:
        r.count === 0
          ? 'No shipment is running late'
          : `${r.count} ${r.count === 1 ? 'shipment is' : 'shipments are'} running late`,
    }),
  },
];

export async function scoutInsights(ctx: AppContext, actor: Actor): Promise<ScoutInsight[]> {
  authorizeAi(actor);
  const fleet = new ScoutFleet(ctx, actor);
  const lexicon = await lexiconOf(fleet);
  const out: ScoutInsight[] = [];
  for (const insight of INSIGHTS) {
    const parsed = parseQuestion(insight.question, lexicon, undefined, { today: lexicon.today });
    if (parsed.kind !== 'query') continue;
    const result = await runQuery(fleet, parsed.query);
    // Not the user's to see (shipments without their permission): no insight, no error.
    if (result.error) continue;
    const told = insight.tell(result);
    if (told) out.push({ key: insight.key, question: insight.question, ...told });
  }
  return out;
}
