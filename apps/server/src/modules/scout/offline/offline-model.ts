import type {
  ScoutModel,
  ScoutModelMessage,
  ScoutModelReply,
  ScoutModelRequest,
} from '../scout-model';
import { fleetQuerySchema } from '../query/fleet-query';
import { answerQuery } from '../query/query-answer';
import { parseQuestion, type PreviousQuery } from '../query/query-parse';
import type { QueryResult } from '../query/query-run';
import { closestQuestions } from '../query/query-suggestions';
import { QUERY_TEXTS } from '../query/query-texts';
import { trackersInText } from '../scout-attachments';
import { compose } from './offline-answer';
import { call, plan, previousTrackerIds } from './offline-plan';
import { readQuestion } from './offline-reading';

const say = (text: string): ScoutModelReply => ({ text, toolCalls: [] });

/**
 * The built-in model Scout uses without a provider. It parses the latest question into a
 * fleet query (query/query-parse.ts) and asks it through the `fleet_query` tool; the kinds of
 * question the parser leaves (shipment lists, alerts, dwell, geofences, creating a geofence)
 * go to the intent reader (offline-reading.ts). A question neither maps is said to be one it
 * cannot answer yet, with two it can, never answered with a listing of the fleet. Behind the
 * same interface as a provider's model, so the agent, the tools and the app cannot tell them
 * apart.
 */
export class OfflineModel implements ScoutModel {
  readonly name = 'offline';

  async reply(request: ScoutModelRequest): Promise<ScoutModelReply> {
    const messages = request.messages;
    let asked = messages.length - 1;
    while (asked > 0 && messages[asked]!.role !== 'user') asked--;
    const question = messages[asked]!.content.flatMap((b) =>
      b.type === 'text' ? [b.text] : [],
    ).join(' ');
    const since = messages.slice(asked + 1);
    const results = new Map<string, unknown>();
    for (const message of since) {
      for (const block of message.content) {
        if (block.type === 'tool_result') results.set(block.name, JSON.parse(block.content));
      }
    }
    if (results.has('fleet_query')) return answerQuery(results.get('fleet_query') as QueryResult);
    const lexicon = await request.lexicon();
    const reading = () => readQuestion(question, lexicon);
    if (since.length > 0) return compose(reading(), results);

    const history = messages.slice(0, asked);
    const files = messages[asked]!.files ?? [];
    const readable = files.filter((f) => f.text !== null);
    if (files.length > 0 && readable.length === 0)
      return say(QUERY_TEXTS.unreadableFile(files.map((f) => f.name)));
    let attached: number[] | undefined;
    if (readable.length > 0) {
      attached = readable.flatMap((f) =>
        trackersInText(f.text!, lexicon.trackers).map((t) => t.id),
      );
      if (attached.length === 0)
        return say(QUERY_TEXTS.noTrackersInFile(readable.map((f) => f.name)));
    }
    const parsed = parseQuestion(question, lexicon, previousQuery(history), {
      ...(lexicon.today ? { today: lexicon.today } : {}),
      ...(attached ? { attached: [...new Set(attached)] } : {}),
    });
    const cannot = () => say(QUERY_TEXTS.cannotAnswer(...closestQuestions(question, lexicon)));
    switch (parsed.kind) {
      case 'query':
        return { text: '', toolCalls: [call('fleet_query', parsed.query)] };
      case 'ambiguous':
        return say(
          parsed.kindWord
            ? QUERY_TEXTS.whichOfKind(parsed.kindWord, parsed.options, parsed.total ?? 0)
            : QUERY_TEXTS.didYouMean(parsed.options),
        );
      case 'not_found':
        return say(QUERY_TEXTS.notFound(parsed.what, parsed.words, parsed.near));
      case 'refuse':
        return say(QUERY_TEXTS.refused(parsed.action));
      case 'unknown':
        return cannot();
      case 'pass': {
        const r = reading();
        return r.intent === 'unknown' ? cannot() : plan(r, history);
      }
    }
  }
}

/** The dialog's last fleet query and the trackers of its answer, for follow-ups ('them'). */
function previousQuery(history: ScoutModelMessage[]): PreviousQuery | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    for (const block of history[i]!.content) {
      if (block.type === 'tool_result' && block.name === 'fleet_query') {
        const result = JSON.parse(block.content) as QueryResult;
        const query = fleetQuerySchema.safeParse(result.query);
        if (query.success) return { query: query.data, ids: result.device_ids };
      }
    }
    if (history[i]!.role === 'user' && i < history.length - 1) {
      // An answer of the intent reader before: its trackers, as a plain list.
      const ids = previousTrackerIds(history.slice(i));
      if (ids) return { query: fleetQuerySchema.parse({}), ids };
    }
  }
  return undefined;
}
