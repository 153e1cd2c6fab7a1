import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { ContentBlock } from '@waymark/domain';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { chatFiles, dialogMessages, dialogs } from '../../db/schema';

/** All the SQL of Scout's dialogs, messages and files. */

export type DialogRow = typeof dialogs.$inferSelect;
export type MessageRow = typeof dialogMessages.$inferSelect;
export type ChatFileRow = typeof chatFiles.$inferSelect;

/** A page of the user's dialogs in the account, latest first; search in titles and texts. */
export async function dialogPage(
  db: Db,
  owner: { userId: number; accountId: number },
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(dialogs.user_id, owner.userId),
    eq(dialogs.account_id, owner.accountId),
    pattern
      ? or(
          ilike(dialogs.title, pattern),
          exists(
            db
              .select({ one: sql`1` })
              .from(dialogMessages)
              .where(
                and(
                  eq(dialogMessages.dialog_id, dialogs.id),
                  ilike(dialogMessages.search_text, pattern),
                ),
              ),
          ),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dialogs)
      .where(where)
      .orderBy(desc(dialogs.updated_at), desc(dialogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(dialogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDialog(db: Db, dialogId: number): Promise<DialogRow | undefined> {
  const [row] = await db.select().from(dialogs).where(eq(dialogs.id, dialogId));
  return row;
}

export async function insertDialog(
  db: Db,
  values: { accountId: number; userId: number; title: string },
): Promise<DialogRow> {
  const [row] = await db
    .insert(dialogs)
    .values({ account_id: values.accountId, user_id: values.userId, title: values.title })
    .returning();
  return row!;
}

export async function setDialogTitle(db: Db, dialogId: number, title: string) {
  const [row] = await db.update(dialogs).set({ title }).where(eq(dialogs.id, dialogId)).returning();
  return row!;
}

export async function deleteDialog(db: Db, dialogId: number) {
  await db.delete(dialogs).where(eq(dialogs.id, dialogId));
}

/** The text a message is found by in the history's search. */
const searchTextOf = (content: ContentBlock[]) =>
  content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .filter(Boolean)
    .join('\n');

/** Stores a message and marks its dialog as just written to. */
export async function insertMessage(
  db: Db,
  values: {
    dialogId: number;
    role: 'user' | 'assistant';
    content: ContentBlock[];
    stopReason?: 'stop' | null;
    model?: string | null;
    fileIds?: number[];
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(dialogMessages)
    .values({
      dialog_id: values.dialogId,
      role: values.role,
      content: values.content,
      search_text: searchTextOf(values.content),
      stop_reason: values.stopReason ?? null,
      model: values.model ?? null,
      file_ids: values.fileIds ?? [],
    })
    .returning();
  await db
    .update(dialogs)
    .set({ updated_at: row!.created_at })
    .where(eq(dialogs.id, values.dialogId));
  return row!;
}

/** Rewrites a message Scout is still writing (its answer streamed as it is written). */
export async function updateMessage(
  db: Db,
  id: number,
  values: { content: ContentBlock[]; stopReason: 'stop' | null },
): Promise<MessageRow> {
  const [row] = await db
    .update(dialogMessages)
    .set({
      content: values.content,
      search_text: searchTextOf(values.content),
      stop_reason: values.stopReason,
    })
    .where(eq(dialogMessages.id, id))
    .returning();
  return row!;
}

export function messagesOf(db: Db, dialogId: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(dialogMessages)
    .where(eq(dialogMessages.dialog_id, dialogId))
    .orderBy(asc(dialogMessages.id));
}

/**
 * The messages an answer reads: the `before` latest up to the asked one (`askedId`), from the
 * first question among them, and any after it. A long dialog is not read whole for every
 * answer (each answer's results hold the ids it listed; twenty answers about 7,000 trackers
 * were a megabyte to read and parse per question).
 */
export async function messagesForAnswer(
  db: Db,
  dialogId: number,
  askedId: number,
  before: number,
): Promise<MessageRow[]> {
  const [oldest] = await db
    .select({ id: dialogMessages.id })
    .from(dialogMessages)
    .where(and(eq(dialogMessages.dialog_id, dialogId), lte(dialogMessages.id, askedId)))
    .orderBy(desc(dialogMessages.id))
    .limit(1)
    .offset(before - 1);
  const rows = await db
    .select()
    .from(dialogMessages)
    .where(and(eq(dialogMessages.dialog_id, dialogId), gte(dialogMessages.id, oldest?.id ?? 0)))
    .orderBy(asc(dialogMessages.id));
  // From a question: a tool result without the call it answers means nothing to a model.
  const first = rows.findIndex((row) => row.role === 'user');
  return first < 0 ? [] : rows.slice(first);
}

export async function findMessage(db: Db, dialogId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(dialogMessages)
    .where(and(eq(dialogMessages.id, messageId), eq(dialogMessages.dialog_id, dialogId)));
  return row;
}

export async function setFeedback(
  db: Db,
  messageId: number,
  feedback: { rate: 1 | -1; comment: string | null } | null,
) {
  const [row] = await db
    .update(dialogMessages)
    .set({ feedback_rate: feedback?.rate ?? null, feedback_comment: feedback?.comment ?? null })
    .where(eq(dialogMessages.id, messageId))
    .returning();
  return row!;
}

export async function insertChatFile(
  db: Db,
  values: { userId: number; name: string; mimeType: string; size: number; key: string },
): Promise<ChatFileRow> {
  const [row] = await db
    .insert(chatFiles)
    .values({
      user_id: values.userId,
      original_name: values.name,
      mime_type: values.mimeType,
      size: values.size,
      key: values.key,
    })
    .returning();
  return row!;
}

export async function findChatFile(db: Db, fileId: number) {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, fileId));
  return row;
}

/** The user's files among `ids`, in no particular order. */
export function chatFilesOf(db: Db, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as ChatFileRow[]);
  return db
    .select()
    .from(chatFiles)
    .where(and(eq(chatFiles.user_id, userId), inArray(chatFiles.id, [...ids])));
}

export function chatFilesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as ChatFileRow[]);
  return db
    .select()
    .from(chatFiles)
    .where(inArray(chatFiles.id, [...ids]));
}
