import { isUiToolCall, type ContentBlock, type DialogMessage } from '@waymark/domain';
import { actorOf, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../errors/domain-error';
import { authorizeAi } from './scout.access';
import { findDialog, insertMessage, messagesForAnswer, updateMessage } from './scout.queries';
import { presentMessages } from './scout.service';
import { filesOf } from './scout-attachments';
import { ScoutFleet } from './scout-fleet';
import { lexiconOf } from './scout-lexicon';
import type { ScoutModel, ScoutModelMessage, ScoutToolCall } from './scout-model';
import type { ToolOutcome, TurnInfo } from './scout-tool';
import { SCOUT_TOOLS, SCOUT_TOOLS_BY_NAME } from './scout-tools';

/** The most model steps of one answer: a model that keeps calling tools is stopped here. */
const MAX_STEPS = 8;
/**
 * The dialog's latest messages an answer reads (up to its question): about ten questions with
 * their steps and answers, enough for follow-ups ('them', 'and Truck 07?') and for a provider.
 */
export const CONTEXT_MESSAGES = 40;
/** How often a text being written is pushed again (each push carries the whole text so far). */
const STREAM_EVERY_MS = 100;

export const AGENT_TEXTS = {
  notAllowed: 'You may not use Scout in this account any more.',
  failed: 'Sorry, I could not answer just now. Please try again in a moment.',
  tooManySteps: 'Sorry, I could not finish this answer. Please ask again, more simply.',
} as const;

export interface AnswerRequest {
  dialog_id: number;
  message_id: number;
  user_id: number;
  account_id: number;
}

/**
 * Answers one user message: the model reads the dialog, calls tools (module services with the
 * user's actor) and answers. Each step is stored and published on the dialog's channel as it
 * happens: the tool calls and their results without stop_reason, the answer with 'stop' and
 * the UI tool calls (buttons) after its text. Runs as the `scout-answer` job.
 */
export async function answer(ctx: AppContext, model: ScoutModel, request: AnswerRequest) {
  const { db } = ctx.database;
  const dialog = await findDialog(db, request.dialog_id);
  if (!dialog) return; // Deleted while the job waited.
  const rows = await messagesForAnswer(db, dialog.id, request.message_id, CONTEXT_MESSAGES);
  const asked = rows.findIndex((row) => row.id === request.message_id);
  // A retried job whose answer was written already.
  if (asked < 0 || rows.slice(asked + 1).some((row) => row.stop_reason === 'stop')) return;

  /** Stores a message, or rewrites the one being written (`id`), and pushes it as it is now. */
  const write = async (
    content: ContentBlock[],
    stop: boolean,
    id?: number,
  ): Promise<DialogMessage> => {
    const stopReason = stop ? 'stop' : null;
    const row =
      id === undefined
        ? await insertMessage(db, { dialogId: dialog.id, role: 'assistant', content, stopReason })
        : await updateMessage(db, id, { content, stopReason });
    const [message] = await presentMessages(db, [row]);
    ctx.bus.publish('dialog.message-created', {
      user_id: dialog.user_id,
      dialog_id: dialog.id,
      message: message!,
    });
    return message!;
  };

  let actor: Actor;
  try {
    actor = await actorOf(db, request.user_id, request.account_id);
    authorizeAi(actor);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await write([{ type: 'text', text: AGENT_TEXTS.notAllowed }], true);
    return;
  }
  const conversation: ScoutModelMessage[] = rows
    .slice(0, asked + 1)
    .map((row) => ({ role: row.role, content: row.content }));
  // The question's own files; earlier files live on as the answers they had.
  const files = await filesOf(ctx, rows[asked]!.file_ids);
  if (files.length > 0) conversation[asked]!.files = files;
  await converse(ctx, model, {
    actor,
    conversation,
    askedModel: rows[asked]!.model,
    turn: { dialogId: dialog.id, userId: request.user_id },
    write,
    draft: async (id, text) => (await write([{ type: 'text', text }], false, id ?? undefined)).id,
  });
}

export interface Conversation {
  /** Whose eyes Scout reads through: the tools see what this actor sees. */
  actor: Actor;
  /** The dialog up to the question being answered. */
  conversation: ScoutModelMessage[];
  askedModel: string | null;
  turn: TurnInfo;
  /**
   * Stores and publishes one assistant message (the answer when `stop`); with `id`, rewrites
   * the draft of that id instead.
   */
  write: (content: ContentBlock[], stop: boolean, id?: number) => Promise<unknown>;
  /**
   * Stores and publishes the text of a step while the model writes it: a new message when `id`
   * is null, else that message again. Answers its id. Absent: nothing is shown until written.
   */
  draft?: (id: number | null, text: string) => Promise<number>;
}

/**
 * The text of one model step as it is written: the first words make a message, later ones
 * rewrite it at most every STREAM_EVERY_MS; `settle` waits for the pushes in flight and
 * answers the message's id (undefined when nothing was shown).
 */
function textDraft(draft: Conversation['draft']) {
  let id: number | null = null;
  let latest = '';
  let sentAt = 0;
  let pushing: Promise<void> = Promise.resolve();
  return {
    onText: draft
      ? (soFar: string) => {
          latest = soFar;
          if (Date.now() - sentAt < STREAM_EVERY_MS || !latest.trim()) return;
          sentAt = Date.now();
          pushing = pushing.then(async () => {
            id = await draft(id, latest);
          });
        }
      : undefined,
    settle: async () => {
      await pushing;
      return id ?? undefined;
    },
  };
}

/** The agent loop itself: model steps and tool runs until the model answers. */
export async function converse(ctx: AppContext, model: ScoutModel, c: Conversation) {
  const { actor, conversation, turn, write } = c;
  const fleet = new ScoutFleet(ctx, actor);
  const buttons: ContentBlock[] = [];

  try {
    for (let step = 0; step < MAX_STEPS; step++) {
      const streamed = textDraft(c.draft);
      const reply = await model.reply({
        messages: conversation,
        tools: SCOUT_TOOLS,
        model: c.askedModel,
        lexicon: () => lexiconOf(fleet),
        now: fleet.now,
        ...(streamed.onText && { onText: streamed.onText }),
      });
      const draftId = await streamed.settle();
      const dataCalls = reply.toolCalls.filter((call) => !isUiToolCall(call.name));
      const results: ContentBlock[] = [];
      for (const call of reply.toolCalls) {
        const outcome = await runTool(fleet, call, turn);
        results.push({
          type: 'tool_result',
          tool_call_id: call.id,
          name: call.name,
          content: JSON.stringify(outcome.result),
        });
        if (isUiToolCall(call.name) && outcome.uiArguments) {
          buttons.push({
            type: 'tool_call',
            id: call.id,
            name: call.name,
            arguments: outcome.uiArguments,
          });
        }
      }
      const text = reply.text.trim();
      if (dataCalls.length === 0 && (text || buttons.length > 0)) {
        await write([{ type: 'text', text }, ...buttons], true, draftId);
        return;
      }
      const calls: ContentBlock[] = reply.toolCalls.map((call) => ({
        type: 'tool_call',
        id: call.id,
        name: call.name,
        arguments: call.arguments,
      }));
      conversation.push({
        role: 'assistant',
        content: [...(text ? [{ type: 'text' as const, text }] : []), ...calls],
      });
      conversation.push({ role: 'assistant', content: results });
      // Stored and shown: the steps that read data (the buttons come with the answer).
      const dataIds = new Set(dataCalls.map((call) => call.id));
      const shownCalls = calls.filter(
        (block) => block.type === 'tool_call' && dataIds.has(block.id),
      );
      if (text || shownCalls.length > 0 || draftId !== undefined) {
        await write(
          [...(text ? [{ type: 'text' as const, text }] : []), ...shownCalls],
          false,
          draftId,
        );
      }
      const shownResults = results.filter(
        (block) => block.type === 'tool_result' && dataIds.has(block.tool_call_id),
      );
      if (shownResults.length > 0) await write(shownResults, false);
    }
    await write([{ type: 'text', text: AGENT_TEXTS.tooManySteps }, ...buttons], true);
  } catch (error) {
    // The user learns that there is no answer (typing ends); the job is kept failed with the
    // cause for whoever looks at the queue.
    await write([{ type: 'text', text: AGENT_TEXTS.failed }], true);
    throw error;
  }
}
/** Runs one tool call; an unknown tool or bad arguments are told to the model as a result. */
async function runTool(
  fleet: ScoutFleet,
  call: ScoutToolCall,
  turn: TurnInfo,
): Promise<ToolOutcome> {
  const tool = SCOUT_TOOLS_BY_NAME.get(call.name);
  if (!tool) return { result: { error: `There is no tool called ${call.name}` } };
  const parsed = tool.parameters.safeParse(call.arguments);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || 'arguments'}: ${i.message}`,
    );
    return { result: { error: `Invalid arguments: ${problems.join('; ')}` } };
  }
  return tool.run(fleet, parsed.data, turn);
}
