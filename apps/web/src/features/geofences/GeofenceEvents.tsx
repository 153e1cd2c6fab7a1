import { useState } from 'react';
import { Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { geofenceEventSchema, type PageMeta } from '@waymark/domain';
import { z } from 'zod';
import { requestList } from '../../api/client';
import { geofencesKeys } from '../../api/geofences';
import { checked } from '../../api/parse';

const PAGE_SIZE = 5;

/** The latest enter and exit events of one geofence (GET geofence-events), five a page. */
export function GeofenceEvents({
  accountId,
  geofenceId,
}: {
  accountId: number;
  geofenceId: number;
}) {
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: [...geofencesKeys.one(accountId, geofenceId), 'events', page],
    queryFn: async ({ signal }) => {
      const { data, meta } = await requestList<unknown, PageMeta>(
        `/accounts/${accountId}/geofence-events`,
        { query: { geofence_id: geofenceId, page, per_page: PAGE_SIZE }, signal },
      );
      return { data: checked(z.array(geofenceEventSchema), data, 'GET geofence-events'), meta };
    },
  });
  const rows = events.data?.data ?? [];
  return (
    <Stack gap={6} mt="sm">
      <Title order={5}>Events</Title>
      {events.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No events yet
        </Text>
      )}
      {rows.map((e) => (
        <div key={e.id}>
          <Text size="sm">{e.description}</Text>
          <Text size="xs" c="dimmed">
            {dayjs(e.created_at).format('MMMM D, YYYY h:mm A')}
          </Text>
        </div>
      ))}
      {(events.data?.meta.last_page ?? 1) > 1 && (
        <Pagination size="sm" total={events.data!.meta.last_page} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
