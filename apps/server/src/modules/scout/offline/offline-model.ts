import type { ScoutModel, ScoutModelReply, ScoutModelRequest } from '../scout-model';
import { compose } from './offline-answer';
import { plan } from './offline-plan';
import { readQuestion } from './offline-reading';

/**
 * The built-in model Scout uses without a provider: it reads the latest question (intents
 * and the account's names, offline-reading.ts), calls the tools the question needs, and
 * writes the answer from their results. Behind the same interface as a provider's model, so
 * the agent, the tools and the app cannot tell them apart.
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
    const reading = readQuestion(question, await request.lexicon());
    const since = messages.slice(asked + 1);
    if (since.length === 0) return plan(reading, messages.slice(0, asked));
    const results = new Map<string, unknown>();
    for (const message of since) {
      for (const block of message.content) {
        if (block.type === 'tool_result') results.set(block.name, JSON.parse(block.content));
      }
    }
    return compose(reading, results);
  }
}
