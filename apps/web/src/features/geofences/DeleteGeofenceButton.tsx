import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteGeofence } from '../../api/geofences';
import { toast } from '../../app/toast';

export const DELETED = 'Successfully deleted!';
export const DELETE_FAILED = 'Cannot delete, please try again';

/** Delete with a confirmation; the spec's shared toasts tell how it went. */
export function DeleteGeofenceButton({
  accountId,
  geofence,
  onDeleted,
}: {
  accountId: number;
  geofence: { id: number; name: string };
  onDeleted: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteGeofence(accountId);
  const confirm = () =>
    remove.mutate(geofence.id, {
      onSuccess: () => {
        setOpened(false);
        toast.success(DELETED);
        onDeleted();
      },
      onError: () => toast.error(DELETE_FAILED),
    });
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={() => setOpened(true)}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Delete geofence" centered>
        <Text size="sm">
          Delete {geofence.name}? Its visit history goes with it and cannot be restored.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpened(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
