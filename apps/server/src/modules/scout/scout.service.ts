import {
  CHAT_MESSAGES,
  type DialogListQuery,
  type DialogMessage,
  type DialogUpdate,
  type FeedbackCreate,
  type MessageCreate,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import { found } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalid, invalidField } from '../../errors/domain-error';
import { authorizeAi, dialogOf, modelFor } from './scout.access';
import { presentDialog, presentMessage } from './scout.present';
import {
  chatFilesByIds,
  chatFilesOf,
  deleteDialog,
  dialogPage,
  findMessage,
  insertDialog,
  insertMessage,
  messagesOf,
  setDialogTitle,
  setFeedback,
  type ChatFileRow,
  type MessageRow,
} from './scout.queries';

/** A new dialog's title: the start of its first question, as a person would name it. */
const TITLE_FROM_MESSAGE_CHARS = 80;
const titleFrom = (message: string) => {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_FROM_MESSAGE_CHARS
    ? line
    : `${line.slice(0, TITLE_FROM_MESSAGE_CHARS - 1).trimEnd()}…`;
};

/** Messages with the files they name (the ids were checked as the user's when stored). */
export async function presentMessages(db: Db, rows: MessageRow[]): Promise<DialogMessage[]> {
  const ids = [...new Set(rows.flatMap((row) => row.file_ids))];
  const files = new Map<number, ChatFileRow>();
  for (const file of await chatFilesByIds(db, ids)) files.set(file.id, file);
  return rows.map((row) => presentMessage(row, files));
}

/** The history: the actor's own dialogs in the account, latest first. */
export async function dialogsOf(ctx: AppContext, actor: Actor, query: DialogListQuery) {
  authorizeAi(actor);
  const { rows, total } = await dialogPage(
    ctx.database.db,
    { userId: actor.user.id, accountId: actor.accountId },
    query.search || undefined,
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { rows: rows.map(presentDialog), total };
}

/** The ids of `files`, when every one is the actor's own upload; else 422 on files. */
async function checkedFiles(db: Db, actor: Actor, files: number[]) {
  const unique = [...new Set(files)];
  const owned = await chatFilesOf(db, actor.user.id, unique);
  if (owned.length !== unique.length) throw invalidField('files', CHAT_MESSAGES.unknownFile);
  return unique;
}

/** Stores the user's message and queues Scout's answer (the `scout-answer` job). */
async function ask(ctx: AppContext, actor: Actor, dialogId: number, body: MessageCreate) {
  const { db } = ctx.database;
  const fileIds = await checkedFiles(db, actor, body.files);
  const row = await insertMessage(db, {
    dialogId,
    role: 'user',
    content: [{ type: 'text', text: body.message }],
    model: modelFor(actor, body.model),
    fileIds,
  });
  await ctx.jobs.enqueue(
    'scout-answer',
    {
      dialog_id: dialogId,
      message_id: row.id,
      user_id: actor.user.id,
      account_id: actor.accountId,
    },
    // No retry: a failed answer is told to the user at once, and asking again is one click.
    { retryLimit: 0 },
  );
  return (await presentMessages(db, [row]))[0]!;
}

/** A new dialog with its first message; Scout's answer follows on the dialog's channel. */
export async function startDialog(ctx: AppContext, actor: Actor, body: MessageCreate) {
  authorizeAi(actor);
  const { db } = ctx.database;
  await checkedFiles(db, actor, body.files);
  const dialog = await insertDialog(db, {
    accountId: actor.accountId,
    userId: actor.user.id,
    title: titleFrom(body.message),
  });
  const message = await ask(ctx, actor, dialog.id, body);
  return { ...presentDialog(dialog), messages: [message] };
}

/** Another message in the actor's dialog. */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  dialogId: number,
  body: MessageCreate,
) {
  await dialogOf(ctx.database.db, actor, dialogId);
  return ask(ctx, actor, dialogId, body);
}

/** Every message of the actor's dialog, oldest first. */
export async function dialogMessages(ctx: AppContext, actor: Actor, dialogId: number) {
  const { db } = ctx.database;
  await dialogOf(db, actor, dialogId);
  return presentMessages(db, await messagesOf(db, dialogId));
}

export async function renameDialog(
  ctx: AppContext,
  actor: Actor,
  dialogId: number,
  body: DialogUpdate,
) {
  const { db } = ctx.database;
  await dialogOf(db, actor, dialogId);
  return presentDialog(await setDialogTitle(db, dialogId, body.title));
}

export async function removeDialog(ctx: AppContext, actor: Actor, dialogId: number) {
  const { db } = ctx.database;
  await dialogOf(db, actor, dialogId);
  await deleteDialog(db, dialogId);
}

/** An answer of the actor's dialog (404 for any other message, 422 for a non-answer). */
async function answerOf(db: Db, actor: Actor, dialogId: number, messageId: number) {
  await dialogOf(db, actor, dialogId);
  const message = found(await findMessage(db, dialogId, messageId));
  if (message.role !== 'assistant' || message.stop_reason !== 'stop') {
    throw invalid('Only answers take feedback', {
      message_id: ['Only answers take feedback'],
    });
  }
  return message;
}

/** Rates an answer good (1) or bad (-1, with an optional comment); answers the feedback. */
export async function rateAnswer(
  ctx: AppContext,
  actor: Actor,
  dialogId: number,
  messageId: number,
  feedback: FeedbackCreate,
) {
  const { db } = ctx.database;
  await answerOf(db, actor, dialogId, messageId);
  const row = await setFeedback(db, messageId, feedback);
  return { rate: row.feedback_rate as 1 | -1, comment: row.feedback_comment };
}

export async function unrateAnswer(
  ctx: AppContext,
  actor: Actor,
  dialogId: number,
  messageId: number,
) {
  const { db } = ctx.database;
  await answerOf(db, actor, dialogId, messageId);
  await setFeedback(db, messageId, null);
}
