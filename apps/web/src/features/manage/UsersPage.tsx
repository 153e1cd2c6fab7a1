import { useState } from 'react';
import { Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useAccountUsers } from '../../api/manage';
import { useCurrentAccount } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { deviceAccessLabel, roleLabel } from './userLabels';

const PER_PAGE = 25;

/** User Access: the account's users, read-only (spec 002 §2.3). */
export function UsersPage() {
  const account = useCurrentAccount();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useAccountUsers(account?.id ?? 0, { page, perPage: PER_PAGE, query });
  const rows = users.data?.data ?? [];
  const meta = users.data?.meta;

  const onSearch = (value: string) => {
    setSearch(value);
    // Spec 002 §5: the page resets when the search changes.
    setPage(1);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Users
          </Title>
          <TextInput
            aria-label="Search users"
            placeholder="Search..."
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => onSearch(e.currentTarget.value)}
          />
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User Info</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Devices</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text fw={500}>{user.name}</Text>
                    <Text size="sm" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{roleLabel(user.role)}</Table.Td>
                  <Table.Td>{deviceAccessLabel(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {users.isPending && <Text c="dimmed">Loading...</Text>}
        {users.isSuccess &&
          rows.length === 0 &&
          (query ? (
            <EmptyState title="No results match" text="The active filter is hiding all users" />
          ) : (
            <EmptyState
              title="There is no users yet"
              text="They will appear later, based on actions."
            />
          ))}
        {meta && meta.last_page > 1 && (
          <Group justify="flex-end">
            <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
