import { useState } from 'react';
import {
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
import { useOutbox } from '../../api/admin';
import { EmptyState } from '../../components/EmptyState';

const PER_PAGE = 25;
type Kind = 'mail' | 'sms';

const time = (iso: string) => dayjs(iso).format('MMM D, YYYY h:mm:ss A');
const messageStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function OutboxTable({ kind, query }: { kind: Kind; query: string }) {
  const [page, setPage] = useState(1);
  const list = useOutbox(kind, { page, perPage: PER_PAGE, query });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={kind === 'mail' ? 'Mail outbox' : 'SMS outbox'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(m.created_at)}</Table.Td>
                <Table.Td>{m.to}</Table.Td>
                <Table.Td>
                  {'subject' in m && <Text fw={500}>{m.subject}</Text>}
                  <Text size="sm" style={messageStyle}>
                    {m.text}
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

/**
 * The mail and SMS outboxes (platform admins only): with no SMTP_URL or SMS_URL configured,
 * what Waymark sends is written there instead, and read here.
 */
export function OutboxPage() {
  const [kind, setKind] = useState<Kind>('mail');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  return (
    <Container size="lg" py="xl" w="100%">
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
          <Tabs value={kind} onChange={(value) => setKind(value === 'sms' ? 'sms' : 'mail')}>
            <Tabs.List>
              <Tabs.Tab value="mail">Mail</Tabs.Tab>
              <Tabs.Tab value="sms">SMS</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {/* Keyed, so a new search or tab starts at page 1. */}
          <OutboxTable key={`${kind} ${query}`} kind={kind} query={query} />
        </Stack>
      </Paper>
    </Container>
  );
}
