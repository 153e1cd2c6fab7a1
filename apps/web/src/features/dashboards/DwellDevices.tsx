import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DWELL_MESSAGES } from '@waymark/domain';
import { useDwellDevices } from '../../api/dwell';
import { formatDays, formatEnteredAt } from './dwellDisplay';

/** The devices inside a geofence now, loaded when its dwell row expands (spec 000 §4). */
export function DwellDevices({
  accountId,
  geofenceId,
  geofenceName,
}: {
  accountId: number;
  geofenceId: number;
  geofenceName: string;
}) {
  const devices = useDwellDevices(accountId, geofenceId);

  if (devices.isPending) {
    return (
      <Group gap="xs" p="sm">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading devices...
        </Text>
      </Group>
    );
  }
  if (devices.isError) {
    return (
      <Text size="sm" c="red" p="sm" role="alert">
        {DWELL_MESSAGES.deviceData}
      </Text>
    );
  }
  if (devices.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No trackers are inside this geofence now
      </Text>
    );
  }
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={4}
      aria-label={`Devices in ${geofenceName}`}
      bg="var(--mantine-color-gray-0)"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Device</Table.Th>
          <Table.Th>Groups</Table.Th>
          <Table.Th>Days since entry</Table.Th>
          <Table.Th>Entered</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {devices.data.map(({ device, days_spent_since_entry, entered_at }) => (
          <Table.Tr key={device.id}>
            <Table.Td>
              <Text size="sm" component={Link} to={`/trackers/${device.id}`} c="blue">
                {device.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {device.groups.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    -
                  </Text>
                ) : (
                  device.groups.map((g) => (
                    <Badge key={g.id} variant="light" size="sm">
                      {g.name}
                    </Badge>
                  ))
                )}
              </Group>
            </Table.Td>
            <Table.Td>{formatDays(days_spent_since_entry)}</Table.Td>
            <Table.Td>{formatEnteredAt(entered_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
