import { useState } from 'react';
import { Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useDeviceEvents } from '../../../api/deviceDetails';
import { formatMoment } from './feedback';

/** Events, five a page, newest first (spec 000 §2.5). */
export function EventsPanel({ accountId, deviceId }: { accountId: number; deviceId: number }) {
  const [page, setPage] = useState(1);
  const events = useDeviceEvents(accountId, deviceId, page);
  if (events.isPending) return <Loader size="sm" />;
  const list = events.data?.data ?? [];
  if (!list.length) {
    return (
      <Text size="sm" c="dimmed">
        No events yet
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Stack
        gap={6}
        component="ul"
        aria-label="Events"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.map((event) => (
          <li key={event.id}>
            <Text size="sm">{event.description}</Text>
            <Text size="xs" c="dimmed">
              {formatMoment(event.created_at)} · {event.event_type}
            </Text>
          </li>
        ))}
      </Stack>
      {(events.data?.meta.last_page ?? 1) > 1 && (
        <Group justify="center" component="nav" aria-label="Events pages">
          <Pagination
            size="sm"
            siblings={1}
            total={events.data?.meta.last_page ?? 1}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous'
                  ? 'Previous page'
                  : control === 'next'
                    ? 'Next page'
                    : control,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
