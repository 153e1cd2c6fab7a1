import { randomUUID } from 'node:crypto';
import type { Principal } from '../../access/principal';
import { found } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { checkChatFile } from './chat-file-check';
import { authorizeAiSomewhere } from './scout.access';
import { presentFile } from './scout.present';
import { findChatFile, insertChatFile } from './scout.queries';

/** Folder of chat files in the storage adapter (the data directory by default). */
const FOLDER = 'chat-files';

/** Stores bytes as one of the user's chat files; answers the stored row. */
export async function storeChatFile(
  ctx: AppContext,
  userId: number,
  file: { name: string; mimeType: string; bytes: Buffer },
) {
  const key = `${FOLDER}/${userId}/${randomUUID()}`;
  await ctx.storage.put(key, file.bytes);
  return insertChatFile(ctx.database.db, {
    userId,
    name: file.name,
    mimeType: file.mimeType,
    size: file.bytes.length,
    key,
  });
}

/** POST /v2/files/upload: checks the file (spec 001 §5) and keeps it for a later message. */
export async function uploadChatFile(
  ctx: AppContext,
  principal: Principal,
  file: { name: string; type: string; bytes: Buffer },
) {
  await authorizeAiSomewhere(ctx.database.db, principal);
  const checked = await checkChatFile({ ...file, size: file.bytes.length });
  if ('problem' in checked) throw invalidField('file', checked.problem);
  const row = await storeChatFile(ctx, principal.user.id, {
    name: file.name,
    mimeType: checked.mimeType,
    bytes: file.bytes,
  });
  return presentFile(row);
}

/** The bytes of one of the user's chat files; anyone else's is 404. */
export async function chatFileDownload(ctx: AppContext, principal: Principal, fileId: number) {
  const row = await findChatFile(ctx.database.db, fileId);
  const file = found(row && row.user_id === principal.user.id ? row : null);
  const data = found(await ctx.storage.get(file.key));
  return { file, data };
}
