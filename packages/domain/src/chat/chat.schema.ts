import { z } from 'zod';
import { FIELD_MESSAGES, idSchema, searchQuerySchema, textSchema } from '../common/fields.schema';
import {
  AI_MODEL_IDS,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MAX_FILES,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  DIALOG_TITLE_MAX,
  FEEDBACK_COMMENT_MAX,
} from './chat.constants';

const m = CHAT_MESSAGES;

/** A conversation (spec 001 §3 "Dialog"). An empty title shows 'Untitled Conversation'. */
export const dialogSchema = z.object({
  id: z.number().int(),
  title: z.string().describe("May be empty: the app shows 'Untitled Conversation'"),
  created_at: z.string(),
  updated_at: z.string().describe('When its last message was written; the history is newest first'),
});
export type Dialog = z.infer<typeof dialogSchema>;

/** A stored file (spec 001 §3 "File"; status and serverId are the app's own). */
export const dialogFileSchema = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  size: z.number().int().describe('Bytes'),
  download_url: z.string().describe('/api/v2/files/{id}/download'),
  created_at: z.string(),
});
export type DialogFile = z.infer<typeof dialogFileSchema>;

/** Feedback on an answer (spec 001 §3): rate 1 good, -1 bad, with an optional comment. */
export const feedbackSchema = z.object({
  rate: z.union([z.literal(1), z.literal(-1)]),
  comment: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export const toolCallBlockSchema = z.object({
  type: z.literal('tool_call'),
  id: z.string().describe('Pairs the call with its tool_result'),
  name: z.string().describe('ui_ names are actions for the app (chat-tools.ts)'),
  arguments: z
    .record(z.string(), z.unknown())
    .describe('For ui_ tools: the arguments of uiToolArgsSchemas, always with button_text'),
});
export const toolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_call_id: z.string(),
  name: z.string(),
  content: z.string().describe('The result as the model read it (JSON text)'),
});
/** One block of a message (spec 001 §3): text, tool_call or tool_result. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  textBlockSchema,
  toolCallBlockSchema,
  toolResultBlockSchema,
]);
export type TextBlock = z.infer<typeof textBlockSchema>;
export type ToolCallBlock = z.infer<typeof toolCallBlockSchema>;
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** Why the assistant stopped: 'stop' marks the final answer; intermediate messages have null. */
export type StopReason = 'stop' | null;

/** A message of a dialog (spec 001 §3 "Dialog message"). */
export const dialogMessageSchema = z.object({
  id: z.number().int(),
  dialog_id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.array(contentBlockSchema),
  stop_reason: z
    .literal('stop')
    .nullable()
    .describe("'stop' on the final answer; null on user messages and on the assistant's steps"),
  created_at: z.string(),
  files: z.array(dialogFileSchema),
  feedback: feedbackSchema.nullable().describe('Only answers (stop_reason stop) take feedback'),
});
export type DialogMessage = z.infer<typeof dialogMessageSchema>;

/** POST /accounts/{id}/dialogs: the created dialog with its messages so far. */
export const dialogCreatedSchema = dialogSchema.extend({ messages: z.array(dialogMessageSchema) });
export type DialogCreated = z.infer<typeof dialogCreatedSchema>;

const messageField = textSchema({
  max: CHAT_MESSAGE_MAX,
  multiline: true,
  error: m.messageRequired,
})
  .min(1, m.messageRequired)
  .describe('Non-empty after trimming (spec 001 §5)');
const modelField = z
  .string({ error: m.unknownModel })
  .refine((id) => AI_MODEL_IDS.includes(id), m.unknownModel)
  .nullish()
  .describe('An AI model option id; honoured only for users who may manage AiModel');
const filesField = z
  .array(idSchema, { error: FIELD_MESSAGES.idList })
  .max(CHAT_MAX_FILES, m.tooManyFiles)
  .default([])
  .describe('Ids from POST /files/upload, at most 5');

/** POST /accounts/{id}/dialogs and POST /dialogs/{id}/messages (spec 001 §7). */
export const messageCreateSchema = z.object({
  message: messageField,
  model: modelField,
  files: filesField,
});
export type MessageCreate = z.infer<typeof messageCreateSchema>;
export type MessageCreateInput = z.input<typeof messageCreateSchema>;
export const dialogCreateSchema = messageCreateSchema;
export type DialogCreate = MessageCreate;

/** PUT /accounts/{id}/dialogs/{id}: rename. The app reverts an empty title without calling. */
export const dialogUpdateSchema = z.object({
  title: textSchema({ max: DIALOG_TITLE_MAX, error: m.titleRequired }).min(1, m.titleRequired),
});
export type DialogUpdate = z.infer<typeof dialogUpdateSchema>;

/** POST /dialogs/{id}/messages/{id}/feedback. */
export const feedbackCreateSchema = z.object({
  rate: z.union([z.literal(1), z.literal(-1)], { error: m.rateInvalid }),
  comment: textSchema({ max: FEEDBACK_COMMENT_MAX, multiline: true })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;

/** GET /accounts/{id}/dialogs: search titles and message texts, newest first, paged. */
export const dialogListQuerySchema = z.object({
  search: searchQuerySchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
});
export type DialogListQuery = z.infer<typeof dialogListQuerySchema>;

/** The realtime channel of a dialog's messages (spec 001 §7); private to the dialog's user. */
export const dialogChannel = (dialogId: number) => `dialogs.${dialogId}.messages`;
export const DIALOG_CHANNEL = /^dialogs\.(\d+)\.messages$/;
export const AI_MESSAGE_CREATED = 'AiMessageCreated' as const;

/** The data of an AiMessageCreated event. */
export interface AiMessageCreatedData {
  dialog_id: number;
  message: DialogMessage;
}
