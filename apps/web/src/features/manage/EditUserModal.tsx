import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { USER_ACCESS_MESSAGES, type AccountUser, type Role } from '@waymark/domain';
import { useUpdateAccountUser } from '../../api/manage';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { useCurrentAccount } from '../../app/session/useSession';
import { GENERIC_ERROR, toast } from '../../app/toast';
import { DeviceAccessFields, type DeviceAccess } from './DeviceAccessFields';
import { RoleSelect } from './RoleSelect';

/** The permission editor (spec 001 §2): 'Editing {name} Permissions' in the account. */
export function EditUserModal({ close, props }: ModalBodyProps) {
  const user = props.user as AccountUser;
  const account = useCurrentAccount();
  const update = useUpdateAccountUser(account?.id ?? 0);
  const [role, setRole] = useState<Role>(user.role);
  const [access, setAccess] = useState<DeviceAccess>({
    full_device_access: user.full_device_access,
    device_ids: user.device_ids,
    group_ids: user.group_ids,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { userId: user.id, body: { role, ...access } },
      {
        onSuccess: () => {
          toast.success(USER_ACCESS_MESSAGES.permissionsUpdated);
          close();
        },
        onError: (error) => toast.error(error.message || GENERIC_ERROR),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <div>
          <Title order={3} size="h4">
            Editing {user.name} Permissions
          </Title>
          <Text size="sm" c="dimmed">
            {account?.title}
          </Text>
        </div>
        <RoleSelect value={role} onChange={setRole} />
        <DeviceAccessFields role={role} value={access} onChange={setAccess} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving' : 'Save Settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
