import type { AppContext } from '../../app-context';
import { chatFilesByIds, type ChatFileRow } from './scout.queries';

/**
 * The files a question was sent with, as a model reads them (issue 38, "Attachments"): a CSV
 * or text file's text, so its tracker names or serials can become the subject; an image or a
 * PDF only by its name and type, which the offline model says it cannot read.
 */
export interface ScoutFile {
  name: string;
  mime_type: string;
  /** The text of a CSV or text file (its first TEXT_MAX characters); null for others. */
  text: string | null;
}

const TEXT_MAX = 200_000;
const READABLE = /^(text\/|application\/(csv|json))/;

/** The files of one message, in the order they were sent. */
export async function filesOf(ctx: AppContext, ids: readonly number[]): Promise<ScoutFile[]> {
  if (ids.length === 0) return [];
  const rows = new Map<number, ChatFileRow>();
  for (const row of await chatFilesByIds(ctx.database.db, ids)) rows.set(row.id, row);
  const out: ScoutFile[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    let text: string | null = null;
    if (READABLE.test(row.mime_type) || /\.(csv|txt|tsv)$/i.test(row.original_name)) {
      const bytes = await ctx.storage.get(row.key);
      text = bytes ? bytes.subarray(0, TEXT_MAX).toString('utf8') : null;
    }
    out.push({ name: row.original_name, mime_type: row.mime_type, text });
  }
  return out;
}

/**
 * The trackers a file's text names, by name or serial, in the order they appear: each line's
 * cells (comma, semicolon or tab separated) compared whole, case and spaces aside.
 */
export function trackersInText<T extends { id: number; name: string; serial?: string }>(
  text: string,
  trackers: readonly T[],
): T[] {
  const key = (s: string) => s.trim().replace(/^"|"$/g, '').replace(/\s+/g, ' ').toLowerCase();
  const byKey = new Map<string, T>();
  for (const t of trackers) {
    byKey.set(key(t.name), t);
    if (t.serial) byKey.set(key(t.serial), t);
  }
  const found = new Map<number, T>();
  for (const line of text.split(/\r?\n/)) {
    for (const cell of line.split(/[,;\t]/)) {
      const t = byKey.get(key(cell));
      if (t) found.set(t.id, t);
    }
  }
  return [...found.values()];
}

/** A readable file's text as a provider's model gets it: enough for a list of trackers. */
const MODEL_TEXT_MAX = 20_000;

/**
 * The files sent with a question as a provider's model reads them, beside the question: a CSV
 * or text file's trackers (ids and names, as the offline model takes them for the subject)
 * and its text; an image or a PDF as a file it cannot read, so it says so rather than guess.
 */
export function filesForModel(
  files: readonly ScoutFile[],
  trackers: readonly { id: number; name: string; serial?: string }[],
): string {
  return files
    .map((file) => {
      const head = `Attached file "${file.name}" (${file.mime_type})`;
      if (file.text === null)
        return `${head}: its contents cannot be read (only CSV and text files are); tell the user so.`;
      const named = trackersInText(file.text, trackers);
      const list = named.length
        ? `It names these trackers of the user (id: name), the subject when the question says "these" or "this file": ${named.map((t) => `${t.id}: ${t.name}`).join(', ')}.`
        : "It names none of the user's trackers by name or serial.";
      const text =
        file.text.length > MODEL_TEXT_MAX
          ? `${file.text.slice(0, MODEL_TEXT_MAX)}\n[the rest of the file is left out]`
          : file.text;
      return `${head}. ${list}\nIts text:\n${text}`;
    })
    .join('\n\n');
}
