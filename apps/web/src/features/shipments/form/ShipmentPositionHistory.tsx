import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { Loader, ScrollArea, Table, Text, Title } from '@mantine/core';
import { formatSpeed } from '@waymark/domain';
import { useShipmentHistory } from '../../../api/shipments';
import { failureMessage } from '../../trackers/details/feedback';

dayjs.extend(advancedFormat);

/** Spec 001 §8: the server's message or this when the history cannot be read. */
export const HISTORY_FAILED = 'Error fetching dwell';

/** Spec 001 §9 'MMMM do h:mmaaa' (shipments), e.g. 'March 5th 2:07pm'. */
export const formatShipmentTime = (iso: string) => dayjs(iso).format('MMMM Do h:mma');

/** The edit bar's position history: time, address (or coordinates) and speed of each fix. */
export function ShipmentPositionHistory({ accountId, id }: { accountId: number; id: number }) {
  const history = useShipmentHistory(accountId, id);
  const rows = history.data ?? [];
  return (
    <section aria-labelledby="shipment-history">
      <Title order={4} id="shipment-history" mb="xs">
        Position history
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading position history" />
      ) : history.isError ? (
        <Text c="red" size="sm" role="alert">
          {failureMessage(history.error, HISTORY_FAILED) ?? HISTORY_FAILED}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No positions yet
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped fz="sm" aria-label="Position history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Speed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {/* Newest first: the edit bar is read for where the tracker is now. */}
              {[...rows].reverse().map((p) => (
                <Table.Tr key={`${p.timestamp}-${p.lat}-${p.lng}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatShipmentTime(p.timestamp)}
                  </Table.Td>
                  <Table.Td>{p.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSpeed(p.speed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}
