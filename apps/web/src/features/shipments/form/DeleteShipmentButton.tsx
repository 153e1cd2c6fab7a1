import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { SHIPMENT_MESSAGES } from '@waymark/domain';
import { useDeleteShipment } from '../../../api/shipments';
import { toast } from '../../../app/toast';
import { DELETE_FAILED, DELETED } from './shipmentForm';

/** Delete with the spec's confirmation; a failure is told in the modal, which stays open. */
export function DeleteShipmentButton({
  accountId,
  id,
  disabled,
  onDeleted,
}: {
  accountId: number;
  id: number;
  disabled?: boolean;
  onDeleted: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteShipment(accountId);
  const close = () => {
    setOpened(false);
    remove.reset();
  };
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpened(false);
        toast.success(DELETED);
        onDeleted();
      },
    });
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        disabled={disabled}
        onClick={() => setOpened(true)}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={close} title="Delete shipment" centered>
        <Text size="sm">{SHIPMENT_MESSAGES.deleteConfirm}</Text>
        {remove.isError && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {DELETE_FAILED}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
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
