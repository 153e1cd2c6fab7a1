import { Badge, Loader, Table, Text } from '@mantine/core';
import type { DeviceMessage } from '@waymark/domain';
import { useDeviceMessages } from '../../../api/deviceDetails';
import { formatMoment } from './feedback';

const STATUS_COLOURS: Record<DeviceMessage['status'], string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** The command message log: newest first, at most 100 (spec 001 §2). */
export function MessageLog({ deviceId }: { deviceId: number }) {
  const messages = useDeviceMessages(deviceId);
  if (messages.isPending) return <Loader size="sm" />;
  if (!messages.data?.length) {
    return (
      <Text size="sm" c="dimmed">
        No messages yet
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480} mah={320}>
      <Table striped fz="xs" aria-label="Message log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>To device</Table.Th>
            <Table.Th>From device</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatMoment(m.created_at)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{m.message_to_device ?? ''}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{m.message_from_device ?? ''}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={STATUS_COLOURS[m.status]}>
                  {m.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
