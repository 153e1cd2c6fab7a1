import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface GroupConfirmation {
  title: string;
  text: string;
  confirm: string;
  run: () => Promise<void>;
}

/** Asks before a group action that cannot be undone (delete the group, remove every tracker). */
export function ConfirmGroupAction({
  confirmation,
  busy,
  onClose,
}: {
  confirmation: GroupConfirmation | null;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={confirmation !== null} onClose={onClose} title={confirmation?.title} centered>
      <Stack gap="md">
        <Text size="sm">{confirmation?.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirmation?.run()}>
            {confirmation?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
