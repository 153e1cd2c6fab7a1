import type { ContentBlock } from '@waymark/domain';
import type { ScoutFile } from './scout-attachments';
import type { ScoutTool } from './scout-tool';

/** A message of the conversation as a model reads it (the dialog's stored messages). */
export interface ScoutModelMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
  /** The files the question being answered was sent with. */
  files?: ScoutFile[];
}

/** The names of the account the user sees, for a model that matches words to them. */
export interface ScoutLexicon {
  trackers: { id: number; name: string; serial: string }[];
  groups: { id: number; name: string }[];
  geofences: { id: number; name: string }[];
  /** The titles of the trackers' models. */
  models: string[];
  /** The account's local day today (YYYY-MM-DD): dates without a year, weekdays. */
  today?: string;
}

export interface ScoutModelRequest {
  messages: ScoutModelMessage[];
  tools: ScoutTool[];
  /** The AI model option asked for (manage AiModel only); null: the configured default. */
  model: string | null;
  /** The account's names as the user sees them; read only by a model that needs them. */
  lexicon: () => Promise<ScoutLexicon>;
  now: Date;
  /**
   * Told the step's text so far each time it grows, for a model that writes its text piece
   * by piece (a provider's stream); the reply still carries the whole text.
   */
  onText?: (textSoFar: string) => void;
}

export interface ScoutToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** One step of a model: text, tool calls, or both. No tool calls and some text is the answer. */
export interface ScoutModelReply {
  text: string;
  toolCalls: ScoutToolCall[];
}

/**
 * What writes Scout's replies: the built-in offline model, or a provider's model through the
 * AI SDK (create-scout-model.ts chooses by config). The agent loop calls it until it answers
 * with text and no tool calls other than UI tools.
 */
export interface ScoutModel {
  readonly name: string;
  reply(request: ScoutModelRequest): Promise<ScoutModelReply>;
}
