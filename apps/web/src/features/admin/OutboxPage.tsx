import { useState } from 'react';
import {
  Badge,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { OutboundChannelName, OutboundMessageView } from '@waymark/domain';
import { useOutbox } from '../../api/admin';
import { EmptyState } from '../../components/EmptyState';

const PER_PAGE = 25;
type Tab = OutboundChannelName | 'all';

const TABLE_NAMES: Record<Tab, string> = {
  all: 'Outbox',
  mail: 'Mail outbox',
  sms: 'SMS outbox',
  webhook: 'Webhook outbox',
};
const CHANNEL_NAMES: Record<OutboundChannelName, string> = {
  mail: 'Mail',
  sms: 'SMS',
  webhook: 'Webhook',
};
const STATUS_COLOURS: Record<OutboundMessageView['status'], string> = {
  pending: 'gray',
  sending: 'blue',
  retrying: 'orange',
  sent: 'green',
  failed: 'red',
};

const time = (iso: string) => dayjs(iso).format('MMM D, YYYY h:mm:ss A');
const messageStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function MessageCell({ m }: { m: OutboundMessageView }) {
  return (
    <>
      {m.subject && <Text fw={500}>{m.subject}</Text>}
      {m.text ? (
        <Text size="sm" style={messageStyle}>
          {m.text}
        </Text>
      ) : (
        // The body goes once sent: a reset link's secret is not kept past its delivery.
        <Text size="sm" c="dimmed">
          Not kept once sent
        </Text>
      )}
    </>
  );
}

function OutboxTable({ tab, query }: { tab: Tab; query: string }) {
  const [page, setPage] = useState(1);
  const list = useOutbox(tab === 'all' ? null : tab, { page, perPage: PER_PAGE, query });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" aria-label={TABLE_NAMES[tab]}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Last error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(m.created_at)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{m.to}</Table.Td>
                <Table.Td>
                  <MessageCell m={m} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{CHANNEL_NAMES[m.channel]}</Text>
                  <Text size="xs" c="dimmed">
                    {m.kind}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLOURS[m.status]}>
                    {m.status}
                  </Badge>
                  {m.outcome && (
                    <Text size="xs" c="dimmed">
                      {m.outcome}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{m.attempts}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={m.last_error ? 'red' : 'dimmed'} style={messageStyle}>
                    {m.last_error ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isPending && <Text c="dimmed">Loading...</Text>}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          title={query ? 'No results match' : 'The outbox is empty'}
          text={
            query ? 'No recipient matches the search.' : 'Messages appear here as they are sent.'
          }
        />
      )}
      {meta && meta.last_page > 1 && (
        <Group justify="flex-end">
          <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

const isTab = (value: string | null): value is Tab =>
  value !== null && Object.keys(TABLE_NAMES).includes(value);

/**
 * The one outbox (platform admins only): every message Waymark sends — mail, SMS, webhooks —
 * with where it stands, how many attempts it took and the last error of a refused one.
 */
export function OutboxPage() {
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  return (
    <Container size="xl" py="xl" w="100%">
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group justify="space-between">
            <Title order={1} size="h3">
              Outbox
            </Title>
            <TextInput
              aria-label="Search recipients"
              placeholder="Search..."
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Group>
          <Tabs value={tab} onChange={(value) => setTab(isTab(value) ? value : 'all')}>
            <Tabs.List>
              <Tabs.Tab value="all">All</Tabs.Tab>
              <Tabs.Tab value="mail">Mail</Tabs.Tab>
              <Tabs.Tab value="sms">SMS</Tabs.Tab>
              <Tabs.Tab value="webhook">Webhooks</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {/* Keyed, so a new search or tab starts at page 1. */}
          <OutboxTable key={`${tab} ${query}`} tab={tab} query={query} />
        </Stack>
      </Paper>
    </Container>
  );
}
