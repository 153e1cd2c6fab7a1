import { MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { forcesFullAccess, type Role } from '@waymark/domain';
import { useDeviceList } from '../../api/devices';
import { useGroups } from '../../api/groups';
import { useCurrentAccount } from '../../app/session/useSession';

export interface DeviceAccess {
  full_device_access: boolean;
  device_ids: number[];
  group_ids: number[];
}

/**
 * Which trackers a user sees (spec 001 §6): all of them, or the trackers and groups chosen by
 * name. Choosing Admin forces full access on.
 */
export function DeviceAccessFields({
  role,
  value,
  onChange,
}: {
  role: Role;
  value: DeviceAccess;
  onChange: (value: DeviceAccess) => void;
}) {
  const account = useCurrentAccount();
  const accountId = account?.id ?? null;
  const forced = forcesFullAccess(role);
  const full = forced || value.full_device_access;
  const devices = useDeviceList(full ? null : accountId);
  const groups = useGroups(accountId, !full && Boolean(account?.is_b2b_account));
  const toOptions = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  const ids = (values: string[]) => values.map(Number);

  return (
    <Stack gap="sm">
      <Switch
        label="Access to all devices"
        checked={full}
        disabled={forced}
        onChange={(e) => onChange({ ...value, full_device_access: e.currentTarget.checked })}
      />
      {forced && (
        <Text size="sm" c="dimmed">
          An Admin always has access to every device.
        </Text>
      )}
      {!full && (
        <>
          <MultiSelect
            label="Trackers"
            placeholder={devices.isPending ? 'Loading...' : 'Choose trackers'}
            data={toOptions(devices.data)}
            value={value.device_ids.map(String)}
            onChange={(v) => onChange({ ...value, device_ids: ids(v) })}
            searchable
            clearable
            maxDropdownHeight={240}
            limit={200}
          />
          {account?.is_b2b_account && (
            <MultiSelect
              label="Groups"
              placeholder={groups.isPending ? 'Loading...' : 'Choose groups'}
              data={toOptions(groups.data)}
              value={value.group_ids.map(String)}
              onChange={(v) => onChange({ ...value, group_ids: ids(v) })}
              searchable
              clearable
            />
          )}
        </>
      )}
    </Stack>
  );
}
