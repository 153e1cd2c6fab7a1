import { useState } from 'react';
import { ActionIcon, Pagination, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { downloadEvent, useRecentAlerts } from '../../api/alerts';
import { ApiError } from '../../api/client';
import { toast } from '../../app/toast';
import { downloadErrorText } from '../shipments/list/shipmentList';

export const LOADING_EVENTS = 'Loading events...';
export const NO_EVENTS = 'No events yet';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const onDownloadError = (error: unknown) =>
  toast.error(downloadErrorText(error instanceof ApiError ? error.status : null));

/** 'Recent Alerts': the account's events the user may see, 10 a page (spec 001 §2, §9). */
export function RecentAlerts({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const events = useRecentAlerts(accountId, page);
  const rows = events.data?.data ?? [];
  const lastPage = events.data?.meta.last_page ?? 1;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Recent Alerts
      </Title>
      {events.isPending && <Text c="dimmed">{LOADING_EVENTS}</Text>}
      {events.isSuccess && rows.length === 0 && <Text c="dimmed">{NO_EVENTS}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Recent Alerts" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Tracker</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th aria-label="Download" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={NOWRAP}>
                    {dayjs(e.created_at).format('MMM D, YYYY h:mm A')}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{e.device.name}</Table.Td>
                  <Table.Td>{e.description}</Table.Td>
                  <Table.Td style={NOWRAP}>{e.event_type}</Table.Td>
                  <Table.Td>
                    <Tooltip label="Download this event">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download event ${e.id}`}
                        onClick={() => downloadEvent(accountId, e.id).catch(onDownloadError)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lastPage > 1 && (
        <Pagination
          total={lastPage}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label="Recent Alerts pages"
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Previous page' }
              : control === 'next'
                ? { 'aria-label': 'Next page' }
                : {}
          }
        />
      )}
    </Stack>
  );
}
