import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useRenameDialog } from '../../api/scout';
import type { ModalBodyProps } from '../../app/modals/modalBody';

export interface DialogEditProps {
  accountId: number;
  dialog: { id: number; title: string | null };
}

/**
 * 'dialog edit' (spec 002 §2.8): a conversation's new title. Save is disabled while the text
 * is empty or saving (spec 001 §4), so cancelling or emptying keeps the previous title.
 */
export function DialogEditModal({ close, props }: ModalBodyProps) {
  const { accountId, dialog } = props as unknown as DialogEditProps;
  const rename = useRenameDialog(accountId);
  const [text, setText] = useState(dialog.title ?? '');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const title = text.trim();
    if (!title) return;
    rename.mutate({ id: dialog.id, title }, { onSuccess: close });
  };
  return (
    <form onSubmit={save}>
      <Stack>
        <TextInput
          label="Conversation title"
          value={text}
          data-autofocus
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!text.trim()} loading={rename.isPending}>
            Save title
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
