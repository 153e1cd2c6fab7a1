import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AI_MESSAGE_CREATED,
  dialogChannel,
  dialogCreatedSchema,
  dialogMessageSchema,
  dialogSchema,
  feedbackSchema,
  scoutInsightSchema,
  type DialogFile,
  type DialogMessage,
  type MessageCreateInput,
} from '@waymark/domain';
import { ApiError, downloadFile, request } from './client';
import { checked } from './parse';
import { realtime, type ChannelHooks } from './realtime';

export type { Dialog, DialogMessage, DialogFile } from '@waymark/domain';

export const scoutKeys = {
  dialogs: (accountId: number) => ['accounts', accountId, 'dialogs'] as const,
  search: (accountId: number, search: string) =>
    ['accounts', accountId, 'dialogs', 'list', search] as const,
  messages: (dialogId: number) => ['dialogs', dialogId, 'messages'] as const,
  insights: (accountId: number) => ['accounts', accountId, 'scout', 'insights'] as const,
};

const dialogsPath = (accountId: number) => `/v2/accounts/${accountId}/dialogs`;
const messagesPath = (dialogId: number) => `/v2/dialogs/${dialogId}/messages`;

/**
 * GET the account's conversations, newest first, filtered by `search` (titles and messages):
 * the first page, which the history shows.
 */
export function useDialogs(accountId: number | null, search: string, enabled = true) {
  return useQuery({
    queryKey: scoutKeys.search(accountId ?? 0, search),
    queryFn: async ({ signal }) =>
      checked(
        z.array(dialogSchema),
        await request<unknown>(dialogsPath(accountId!), { query: { search }, signal }),
        'GET dialogs',
      ),
    enabled: accountId !== null && enabled,
  });
}

/** GET the home tab's insights: the account's fleet now, each with the question it answers. */
export function useScoutInsights(accountId: number | null) {
  return useQuery({
    queryKey: scoutKeys.insights(accountId ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        z.array(scoutInsightSchema),
        await request<unknown>(`/v2/accounts/${accountId}/scout/insights`, { signal }),
        'GET scout insights',
      ),
    enabled: accountId !== null,
    // The fleet moves: figures a minute old are read again when the tab is shown.
    staleTime: 60_000,
  });
}

/** GET a dialog's messages, oldest first. */
export async function fetchDialogMessages(dialogId: number, signal?: AbortSignal) {
  return checked(
    z.array(dialogMessageSchema),
    await request<unknown>(messagesPath(dialogId), { signal }),
    'GET dialog messages',
  );
}

export function useDialogMessages(dialogId: number | null) {
  return useQuery({
    queryKey: scoutKeys.messages(dialogId ?? 0),
    queryFn: ({ signal }) => fetchDialogMessages(dialogId!, signal),
    enabled: dialogId !== null,
  });
}

/** Puts messages into a dialog's cache, replacing any with the same id (a streamed answer). */
export function mergeMessages(
  queryClient: QueryClient,
  dialogId: number,
  incoming: readonly DialogMessage[],
) {
  queryClient.setQueryData<DialogMessage[]>(scoutKeys.messages(dialogId), (current = []) => {
    const byId = new Map(current.map((m) => [m.id, m]));
    for (const message of incoming) byId.set(message.id, message);
    return [...byId.values()].sort(
      (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
    );
  });
}

export type SendBody = MessageCreateInput;

/** POST a new conversation with its first message; answers its id and messages so far. */
export function useCreateDialog(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendBody) =>
      checked(
        dialogCreatedSchema,
        await request<unknown>(dialogsPath(accountId), { method: 'POST', body }),
        'POST dialog',
      ),
    onSuccess: (dialog) => {
      mergeMessages(queryClient, dialog.id, dialog.messages);
      void queryClient.invalidateQueries({ queryKey: scoutKeys.dialogs(accountId) });
    },
  });
}

/** POST a message to a conversation; the answer follows on the realtime channel. */
export function useSendMessage(dialogId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendBody) =>
      checked(
        dialogMessageSchema,
        await request<unknown>(messagesPath(dialogId!), { method: 'POST', body }),
        'POST dialog message',
      ),
    onSuccess: (message) => mergeMessages(queryClient, message.dialog_id, [message]),
  });
}

/** PUT a conversation's title. */
export function useRenameDialog(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) =>
      checked(
        dialogSchema,
        await request<unknown>(`${dialogsPath(accountId)}/${id}`, {
          method: 'PUT',
          body: { title },
        }),
        'PUT dialog',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scoutKeys.dialogs(accountId) }),
  });
}

/** DELETE a conversation; the caller shows the spec's toasts. */
export function useDeleteDialog(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<unknown>(`${dialogsPath(accountId)}/${id}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scoutKeys.dialogs(accountId) }),
  });
}

/** POST (rate 1 or -1, optional comment) or DELETE an answer's feedback. */
export function useFeedback(dialogId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      messageId,
      feedback,
    }: {
      messageId: number;
      feedback: { rate: 1 | -1; comment: string | null } | null;
    }) => {
      const path = `${messagesPath(dialogId)}/${messageId}/feedback`;
      if (feedback === null) {
        await request<unknown>(path, { method: 'DELETE', globalErrors: false });
        return { messageId, feedback: null };
      }
      const saved = checked(
        feedbackSchema,
        await request<unknown>(path, { method: 'POST', body: feedback, globalErrors: false }),
        'POST feedback',
      );
      return { messageId, feedback: saved };
    },
    onSuccess: ({ messageId, feedback }) =>
      queryClient.setQueryData<DialogMessage[]>(scoutKeys.messages(dialogId), (current) =>
        current?.map((m) => (m.id === messageId ? { ...m, feedback } : m)),
      ),
    // Spec 001 §8: feedback failures are only logged.
    onError: (error) => console.warn('Scout feedback failed', error),
  });
}

/** POST /v2/files/upload (multipart); answers the file id. Failures are the caller's toasts. */
export async function uploadChatFile(file: File): Promise<number> {
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await request<{ id?: unknown }>('/v2/files/upload', {
    method: 'POST',
    body,
    globalErrors: false,
  });
  if (typeof data?.id !== 'number') throw new ApiError(0, '');
  return data.id;
}

/** The file's download_url without its leading /api, saved under its original name. */
export function downloadChatFile(file: Pick<DialogFile, 'download_url' | 'original_name'>) {
  const path = file.download_url.replace(/^\/api(?=\/)/, '');
  return downloadFile(path, { globalErrors: false }, file.original_name);
}

/** Subscribes to a dialog's channel; see useDialogChannel in features/scout. */
export function subscribeDialog(
  dialogId: number,
  onMessage: (message: DialogMessage) => void,
  hooks: ChannelHooks,
): () => void {
  return realtime.subscribe(
    dialogChannel(dialogId),
    (event) => {
      if (event.event !== AI_MESSAGE_CREATED) return;
      const data = event.data as { message?: unknown } | null;
      const parsed = dialogMessageSchema.safeParse(data?.message);
      if (parsed.success) onMessage(parsed.data);
      else console.warn('Unexpected AiMessageCreated message', parsed.error.issues);
    },
    hooks,
  );
}
