import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchDialogMessages, mergeMessages, subscribeDialog } from '../../api/scout';
import { CHANNEL_RETRY_MS } from './constants';

/**
 * Follows the open dialog's realtime channel `dialogs.{id}.messages` (spec 001 §7): each
 * AiMessageCreated joins (or, streamed, replaces) its message in the cache. On a channel error
 * it tries again after 2 s; it leaves the channel when the dialog changes. Missing realtime is
 * only logged (spec 001 §8).
 */
export function useDialogChannel(dialogId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (dialogId === null) return;
    let leave: () => void = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const join = () => {
      leave = subscribeDialog(
        dialogId,
        (message) => mergeMessages(queryClient, dialogId, [message]),
        {
          // What was written before the subscription held (an answer quicker than the
          // create call's reply, or one sent while the socket reconnected) is read once and
          // merged with what the channel brings.
          onSubscribed: () => {
            fetchDialogMessages(dialogId).then(
              (messages) => mergeMessages(queryClient, dialogId, messages),
              (error: unknown) => console.warn('Scout: reading the dialog again failed', error),
            );
          },
          onError: (reason) => {
            console.warn(`Scout: dialogs.${dialogId}.messages failed (${reason}); retrying`);
            leave();
            retry = setTimeout(join, CHANNEL_RETRY_MS);
          },
        },
      );
    };
    join();
    return () => {
      clearTimeout(retry);
      leave();
    };
  }, [dialogId, queryClient]);
}
