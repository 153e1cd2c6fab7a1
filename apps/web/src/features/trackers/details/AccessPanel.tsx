import { useState } from 'react';
import { Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import type { DeviceMeta } from '@waymark/domain';
import { useAccountUsers } from '../../../api/manage';
import { useUpdateDeviceUsers } from '../../../api/deviceDetails';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from './feedback';

export const ACCESS_SAVED = 'Device permissions were updated successfully.';
/** One page of the users call is enough for any account's user list. */
const ALL_USERS = { page: 1, perPage: 500, query: '' };

interface AccessPanelProps {
  accountId: number;
  deviceId: number;
  users: DeviceMeta['users'];
}

/**
 * Access: which users may see this tracker besides the account admins (spec 000 §2.5). Users
 * who see every tracker anyway (admins, full device access) are not offered.
 */
export function AccessPanel({ accountId, deviceId, users }: AccessPanelProps) {
  const accountUsers = useAccountUsers(accountId, ALL_USERS);
  if (!accountUsers.data) return <Loader size="sm" />;
  const chosen = new Set(users.map((u) => u.id));
  const options = accountUsers.data.data
    .filter((u) => chosen.has(u.id) || (u.role !== 'admin' && !u.full_device_access))
    .map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <AccessForm
      key={users.map((u) => u.id).join(',')}
      accountId={accountId}
      deviceId={deviceId}
      saved={users.map((u) => String(u.id))}
      options={options}
    />
  );
}

interface AccessFormProps {
  accountId: number;
  deviceId: number;
  saved: string[];
  options: { value: string; label: string }[];
}

function AccessForm({ accountId, deviceId, saved, options }: AccessFormProps) {
  const [value, setValue] = useState(saved);
  const update = useUpdateDeviceUsers(accountId, deviceId);
  const changed = [...value].sort().join(',') !== [...saved].sort().join(',');

  const submit = () =>
    update.mutate(value.map(Number), {
      onSuccess: () => toast.success(ACCESS_SAVED),
      onError: (error) => {
        const message = failureMessage(error, GENERIC_ERROR);
        if (message) toast.error(message);
      },
    });

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Account admins always see this tracker.
      </Text>
      <MultiSelect
        label="Users who may see this tracker"
        placeholder={value.length ? undefined : 'Only account admins'}
        data={options}
        value={value}
        onChange={setValue}
        searchable
        clearable
        nothingFoundMessage="No users"
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit} disabled={!changed} loading={update.isPending}>
          Save access
        </Button>
      </Group>
    </Stack>
  );
}
