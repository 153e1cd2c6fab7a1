import { CHAT_MESSAGES } from '@waymark/domain';
import { THINKING_PREVIEW_CHARS } from './constants';

/** The parts of a dialog message (spec 001 §3) the display grouping reads. */
export interface BlockLike {
  type: string;
  text?: string;
  name?: string;
  arguments?: unknown;
}
export interface MessageLike {
  id: number | string;
  role: string;
  content: readonly BlockLike[];
  stop_reason: string | null | undefined;
  created_at: string;
}

/** An assistant tool call whose name starts with ui_: an action button (spec 001 §4). */
export interface UiToolCall {
  key: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type DisplayItem<M extends MessageLike> =
  | { kind: 'user'; key: string; message: M }
  | {
      kind: 'thought';
      key: string;
      messages: M[];
      /** 'Thinking' while Scout is still typing, else 'Thought for X'. */
      label: string;
      preview: string;
    }
  | { kind: 'answer'; key: string; message: M; actions: UiToolCall[] };

export const FINAL_STOP_REASON = 'stop';

export function isFinal(message: MessageLike): boolean {
  return message.role === 'assistant' && message.stop_reason === FINAL_STOP_REASON;
}

/**
 * Typing (spec 001 §4): from a sent message until a message with stop_reason 'stop' arrives;
 * a loaded dialog is typing when its last message is not such an answer.
 */
export function isTyping(messages: readonly MessageLike[]): boolean {
  const last = messages[messages.length - 1];
  return last !== undefined && !isFinal(last);
}

export function textOf(message: MessageLike): string {
  return message.content
    .flatMap((b) => (b.type === 'text' && b.text ? [b.text] : []))
    .join('\n')
    .trim();
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'Thought for X' (spec 001 §4): minutes and seconds, or 'less than 1 second'. */
export function thoughtDuration(ms: number): string {
  if (ms < 1000) return CHAT_MESSAGES.lessThanOneSecond;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return plural(seconds, 'second');
  const rest = seconds % 60;
  const minutes = plural(Math.floor(seconds / 60), 'minute');
  return rest ? `${minutes} ${plural(rest, 'second')}` : minutes;
}

/** The first 60 characters of a text on one line, with an ellipsis when cut. */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > THINKING_PREVIEW_CHARS
    ? `${line.slice(0, THINKING_PREVIEW_CHARS).trimEnd()}…`
    : line;
}

function uiCalls(messages: readonly MessageLike[]): UiToolCall[] {
  return messages.flatMap((m) =>
    m.content.flatMap((block, index) =>
      block.type === 'tool_call' && block.name?.startsWith('ui_')
        ? [
            {
              key: `${m.id}-${index}`,
              name: block.name,
              arguments:
                block.arguments && typeof block.arguments === 'object'
                  ? (block.arguments as Record<string, unknown>)
                  : {},
            },
          ]
        : [],
    ),
  );
}

/**
 * The display of a dialog (spec 001 §4): user messages as they are; the assistant's
 * intermediate messages between a question and its answer folded into one 'Thinking' /
 * 'Thought for X' group with a 60-character preview of the latest text; the answer (stop_reason
 * 'stop') on its own, carrying the ui_ tool calls of its turn as action buttons.
 */
export function displayItems<M extends MessageLike>(
  messages: readonly M[],
  typing: boolean,
): DisplayItem<M>[] {
  const items: DisplayItem<M>[] = [];
  let turnStart: string | null = null;
  let pending: M[] = [];

  const flush = (endedAt: string | null) => {
    if (pending.length === 0) return;
    const texts = pending.map(textOf).filter(Boolean);
    const start = Date.parse(turnStart ?? pending[0]!.created_at);
    const end = Date.parse(endedAt ?? pending[pending.length - 1]!.created_at);
    items.push({
      kind: 'thought',
      key: `thought-${pending[0]!.id}`,
      messages: pending,
      label:
        endedAt === null && typing ? 'Thinking' : `Thought for ${thoughtDuration(end - start)}`,
      preview: preview(texts[texts.length - 1] ?? ''),
    });
  };

  let turn: M[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      flush(null);
      pending = [];
      turn = [];
      turnStart = message.created_at;
      items.push({ kind: 'user', key: `user-${message.id}`, message });
    } else if (isFinal(message)) {
      flush(message.created_at);
      items.push({
        kind: 'answer',
        key: `answer-${message.id}`,
        message,
        actions: uiCalls([...turn, message]),
      });
      pending = [];
      turn = [];
    } else {
      pending.push(message);
      turn.push(message);
    }
  }
  flush(null);
  return items;
}
