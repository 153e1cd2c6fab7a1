import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AccountUser } from '@waymark/domain';
import { useRemoveAccountUser } from '../../api/manage';
import { useCurrentAccount } from '../../app/session/useSession';
import { GENERIC_ERROR, toast } from '../../app/toast';

/** The confirmation before 'Remove' takes a user out of the account (spec 002 §8 toasts). */
export function RemoveUserModal({
  user,
  onClose,
}: {
  user: AccountUser | null;
  onClose: () => void;
}) {
  const account = useCurrentAccount();
  const remove = useRemoveAccountUser(account?.id ?? 0);
  const confirm = () =>
    user &&
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.success('Success!');
        onClose();
      },
      // Spec 002 §8: the server's message, else 'An error occurred'.
      onError: (error) => toast.error(error.message || GENERIC_ERROR),
    });

  return (
    <Modal opened={user !== null} onClose={onClose} title="Remove User">
      <Stack>
        <Text>
          Remove {user?.name} ({user?.email}) from {account?.title}? They will no longer see its
          devices.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
