import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import { SHIPMENT_MESSAGES, type ShipmentListKey } from '@waymark/domain';
import { useBulkShipments, type ShipmentBulkAction } from '../../../api/shipments';
import { toast } from '../../../app/toast';

/** The shared toast texts of spec 000 §8 for each bulk action. */
export const BULK_TOASTS = {
  archive: { done: 'Archived successfully!', failed: 'Cannot archive, try to refresh the page' },
  unarchive: {
    done: 'Unarchived successfully!',
    failed: 'Cannot unarchive, try to refresh the page',
  },
  delete: { done: 'Successfully deleted!', failed: 'Cannot delete, please try again' },
} as const;

/** The spec's question for one shipment; ours for several (the spec shows none). */
export const deleteQuestion = (count: number) =>
  count === 1
    ? SHIPMENT_MESSAGES.deleteConfirm
    : `Are you sure you want to delete these ${count} shipments?`;

/**
 * Archive (General tab) or Unarchive (Archived tab), and Delete from either with a
 * confirmation, for the selected shipments. Only for users who may manage Shipments.
 */
export function BulkActions({
  accountId,
  tab,
  ids,
  onDone,
}: {
  accountId: number;
  tab: ShipmentListKey;
  ids: readonly number[];
  /** The selection went (moved to the other tab or deleted). */
  onDone: () => void;
}) {
  const bulk = useBulkShipments(accountId);
  const [confirming, setConfirming] = useState(false);
  const none = ids.length === 0;

  const run = (action: ShipmentBulkAction) =>
    bulk.mutate(
      { ...action, ids: [...ids] },
      {
        onSuccess: () => {
          toast.success(BULK_TOASTS[action.action].done);
          setConfirming(false);
          onDone();
        },
        onError: () => toast.error(BULK_TOASTS[action.action].failed),
      },
    );

  const pending = (action: ShipmentBulkAction['action']) =>
    bulk.isPending && bulk.variables.action === action;

  return (
    <Group gap="xs">
      {tab === 'general' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchive size={14} />}
          disabled={none}
          loading={pending('archive')}
          onClick={() => run({ action: 'archive' })}
        >
          Archive
        </Button>
      ) : (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchiveOff size={14} />}
          disabled={none}
          loading={pending('unarchive')}
          onClick={() => run({ action: 'unarchive' })}
        >
          Unarchive
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        disabled={none}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={ids.length === 1 ? 'Delete shipment' : 'Delete shipments'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{deleteQuestion(ids.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={pending('delete')}
              onClick={() => run({ action: 'delete', key: tab })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
