import type { Dialog, DialogFile, DialogMessage, Feedback } from '@waymark/domain';
import type { ChatFileRow, DialogRow, MessageRow } from './scout.queries';

/** Rows of Scout's tables as the contract's shapes (`@waymark/domain` chat). */

export const fileDownloadUrl = (fileId: number) => `/api/v2/files/${fileId}/download`;

export function presentDialog(row: DialogRow): Dialog {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentFile(row: ChatFileRow): DialogFile {
  return {
    id: row.id,
    original_name: row.original_name,
    mime_type: row.mime_type,
    size: row.size,
    download_url: fileDownloadUrl(row.id),
    created_at: row.created_at.toISOString(),
  };
}

function presentFeedback(row: MessageRow): Feedback | null {
  if (row.feedback_rate !== 1 && row.feedback_rate !== -1) return null;
  return { rate: row.feedback_rate, comment: row.feedback_comment };
}

/** A message with its files (those of `files` it names, in its order). */
export function presentMessage(row: MessageRow, files: Map<number, ChatFileRow>): DialogMessage {
  return {
    id: row.id,
    dialog_id: row.dialog_id,
    role: row.role,
    content: row.content,
    stop_reason: row.stop_reason ?? null,
    created_at: row.created_at.toISOString(),
    files: row.file_ids.flatMap((id) => {
      const file = files.get(id);
      return file ? [presentFile(file)] : [];
    }),
    feedback: presentFeedback(row),
  };
}
