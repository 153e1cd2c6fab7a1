import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteAnchor, type Anchor } from '../../api/anchors';
import { toast } from '../../app/toast';

/** Delete with a confirmation next to the button; the list refreshes when it is done. */
export function DeleteAnchorButton({ accountId, anchor }: { accountId: number; anchor: Anchor }) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteAnchor(accountId);
  const confirm = () =>
    remove.mutate(anchor.id, {
      onSuccess: () => {
        setOpened(false);
        toast.success(`${anchor.name} has been deleted`);
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <Popover opened={opened} onChange={setOpened} withArrow position="bottom-end" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${anchor.name}`}
          onClick={(event) => {
            event.stopPropagation();
            setOpened((o) => !o);
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(event) => event.stopPropagation()}>
        <Stack gap="xs">
          <Text size="sm">Delete {anchor.name} and its photos?</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" color="red" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
