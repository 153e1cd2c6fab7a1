import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useDeleteDialog, type Dialog } from '../../api/scout';
import { CHAT_MESSAGES } from '@waymark/domain';
import { confirmAction } from '../../app/modals/confirmation';
import { modals } from '../../app/modals/modalQueue';
import { CHAT_TOAST_MS } from './constants';

const UNTITLED = CHAT_MESSAGES.untitled;

/**
 * A conversation's title with rename (the 'dialog-edit' modal) and delete with its
 * confirmation and toasts (spec 001 §8).
 */
export function DialogTitle({
  accountId,
  dialog,
  onOpen,
  onDeleted,
}: {
  accountId: number;
  dialog: Pick<Dialog, 'id' | 'title'>;
  /** Given in the history list: the title opens the conversation. */
  onOpen?: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteDialog(accountId);
  const title = dialog.title?.trim() || UNTITLED;

  const confirmDelete = () =>
    confirmAction({
      title: 'Delete Conversation',
      text: CHAT_MESSAGES.deleteConfirm,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(dialog.id),
      successMessage: CHAT_MESSAGES.deleteSuccess,
      errorMessage: CHAT_MESSAGES.deleteFailure,
      toastTimeout: CHAT_TOAST_MS,
      onDone: onDeleted,
    });

  return (
    <Group gap={2} wrap="nowrap">
      <Text
        size="sm"
        fw={500}
        flex={1}
        truncate
        c={dialog.title?.trim() ? undefined : 'dimmed'}
        onClick={onOpen}
        style={onOpen ? { cursor: 'pointer' } : undefined}
        role={onOpen ? 'button' : undefined}
        tabIndex={onOpen ? 0 : undefined}
        onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen() : undefined}
      >
        {title}
      </Text>
      <Tooltip label="Rename">
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={`Rename ${title}`}
          onClick={() =>
            modals.open('dialog-edit', {
              accountId,
              dialog: { id: dialog.id, title: dialog.title ?? null },
            })
          }
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={`Delete ${title}`}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
