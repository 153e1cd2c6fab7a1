import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadChatFile } from '../../api/scout';
import { toast } from '../../app/toast';
import { CHAT_TOAST_MS } from './constants';
import { checkPickedFiles, uploadErrorMessage } from './files';

/** A file attached to the message being written (spec 001 §3 File, §4 upload states). */
export interface Attachment {
  key: string;
  original_name: string;
  status: 'uploading' | 'success' | 'error';
  /** The server's file id once uploaded. */
  serverId: number | null;
}

let nextKey = 0;

/**
 * The files of the message being written: picked files are checked (count, size, type; each
 * refusal a 5 s toast), uploaded at once, and their ids sent with the message.
 */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);

  const patch = (key: string, change: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const add = useCallback(
    (picked: File[]) => {
      const { accepted, errors } = checkPickedFiles(attachments.length, picked);
      for (const message of errors) toast.error(message, { timeout: CHAT_TOAST_MS });
      for (const file of accepted) {
        nextKey += 1;
        const key = `file-${nextKey}`;
        setAttachments((list) => [
          ...list,
          { key, original_name: file.name, status: 'uploading', serverId: null },
        ]);
        uploadChatFile(file).then(
          (id) => patch(key, { status: 'success', serverId: id }),
          (error: unknown) => {
            patch(key, { status: 'error' });
            const api = error instanceof ApiError ? error : null;
            toast.error(
              uploadErrorMessage(
                file.name,
                api ? { message: api.message, errors: api.errors } : null,
              ),
              { timeout: CHAT_TOAST_MS },
            );
          },
        );
      }
    },
    [attachments.length],
  );

  const remove = useCallback(
    (key: string) => setAttachments((list) => list.filter((a) => a.key !== key)),
    [],
  );
  const clear = useCallback(() => setAttachments([]), []);

  return {
    attachments,
    add,
    remove,
    clear,
    uploading: attachments.some((a) => a.status === 'uploading'),
    fileIds: attachments.flatMap((a) => (a.serverId !== null ? [a.serverId] : [])),
  };
}
