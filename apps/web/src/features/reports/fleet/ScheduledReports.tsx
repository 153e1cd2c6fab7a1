import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { FleetQuery } from '../../../api/fleetReports';
import {
  useDeleteReportSchedule,
  useReportSchedules,
  useScheduleRecipients,
  type ApiReportSchedule,
  type ApiReportScheduleRecipient,
} from '../../../api/reportSchedules';
import { toast } from '../../../app/toast';
import { ScheduleForm } from './ScheduleForm';
import { FREQUENCIES, REPORTS, labelOf, trackersText } from './scheduleTexts';

interface ScheduledReportsProps {
  accountId: number;
  userId: number;
  /** The trackers and groups chosen above: what a new schedule reports on. */
  query: FleetQuery;
}

/** Who a schedule mails, as one line: 'you, Morgan Manager, desk@example.com'. */
function recipientsText(
  schedule: ApiReportSchedule,
  userId: number,
  people: ApiReportScheduleRecipient[],
) {
  const others = schedule.user_ids.filter((id) => id !== userId);
  const named = others.map((id) => people.find((p) => p.id === id)?.name);
  const unnamed = named.filter((n) => n === undefined).length;
  return [
    ...(schedule.user_ids.includes(userId) ? ['you'] : []),
    ...named.filter((n): n is string => n !== undefined),
    ...(unnamed > 0 ? [`${unnamed} user${unnamed === 1 ? '' : 's'}`] : []),
    ...schedule.emails,
  ].join(', ');
}

/**
 * Scheduled reports (issue 36 §3), for those who manage reports: the chosen trackers' or
 * groups' report mailed after every day, week or month as XLSX or PDF, to users of the account
 * and to addresses; the account's schedules, each to edit (in the form above the list) or
 * delete.
 */
export function ScheduledReports({ accountId, userId, query }: ScheduledReportsProps) {
  const schedules = useReportSchedules(accountId, true);
  const people = useScheduleRecipients(accountId).data ?? [];
  const remove = useDeleteReportSchedule(accountId);
  const [editing, setEditing] = useState<ApiReportSchedule | null>(null);
  const rows = schedules.data ?? [];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Scheduled reports
        </Title>
        <ScheduleForm
          // A new key per schedule edited: the form starts from that schedule's values.
          key={editing?.id ?? 'new'}
          accountId={accountId}
          userId={userId}
          query={query}
          editing={editing}
          onDone={() => setEditing(null)}
        />
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Scheduled reports" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>Every</Table.Th>
                <Table.Th>Trackers</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Last sent</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed">
                      {schedules.isPending ? 'Loading schedules' : 'No reports are scheduled'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>
                      {labelOf(REPORTS, s.report)} ({s.format.toUpperCase()})
                    </Table.Td>
                    <Table.Td>{labelOf(FREQUENCIES, s.frequency)}</Table.Td>
                    <Table.Td>{trackersText(s, 'All')}</Table.Td>
                    <Table.Td>{recipientsText(s, userId, people)}</Table.Td>
                    <Table.Td>
                      {s.last_sent_at
                        ? new Date(s.last_sent_at).toLocaleString('en-US')
                        : 'Not yet'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPencil size={14} />}
                          aria-label={`Edit ${s.name}`}
                          disabled={editing?.id === s.id}
                          onClick={() => setEditing(s)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          leftSection={<IconTrash size={14} />}
                          aria-label={`Delete ${s.name}`}
                          loading={remove.isPending && remove.variables === s.id}
                          onClick={() => {
                            if (!window.confirm(`Delete the scheduled report ${s.name}?`)) return;
                            remove.mutate(s.id, {
                              onSuccess: () => {
                                if (editing?.id === s.id) setEditing(null);
                                toast.success('Schedule deleted');
                              },
                              onError: () => toast.error('The schedule could not be deleted'),
                            });
                          }}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
