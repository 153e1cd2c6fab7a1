import { useState } from 'react';
import {
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { AdminAccount } from '@waymark/domain';
import { useAdminAccounts } from '../../api/admin';
import { session } from '../../api/session';
import { HOME_PATH } from '../../app/routing/nextPath';
import { useCurrentAccount } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';

const PER_PAGE = 25;

/**
 * Opens the account as the current one, as switching accounts does (spec 002 §4.6): stored,
 * then a fresh page so every screen loads it. The admin sees it as a viewer of every tracker.
 */
function openAccount(account: AdminAccount) {
  session.setAccountId(account.id);
  window.location.assign(HOME_PATH);
}

/**
 * AdminAccountsView (/admin/accounts), platform admins only: every account, to open one and
 * look at its screens. Spec 002 lets platform admins view other accounts' devices without
 * saying how they reach them; this is where a platform admin without an account lands.
 */
export function AdminAccountsPage() {
  const current = useCurrentAccount();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const accounts = useAdminAccounts({ page, perPage: PER_PAGE, query });
  const rows = accounts.data?.data ?? [];
  const meta = accounts.data?.meta;

  const onSearch = (value: string) => {
    setSearch(value);
    // Spec 002 §5: the page resets when the search changes.
    setPage(1);
  };

  return (
    <Container size="md" py="xl" w="100%">
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group justify="space-between">
            <Title order={1} size="h3">
              Accounts
            </Title>
            <TextInput
              aria-label="Search accounts"
              placeholder="Search..."
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => onSearch(e.currentTarget.value)}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Open an account to see its screens as a viewer of every tracker.
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Trackers</Table.Th>
                  <Table.Th>Users</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td fw={500}>{account.title}</Table.Td>
                    <Table.Td>{account.is_b2b_account ? 'Business' : 'Consumer'}</Table.Td>
                    <Table.Td>{account.devices_count}</Table.Td>
                    <Table.Td>{account.users_count}</Table.Td>
                    <Table.Td ta="right">
                      {account.id === current?.id ? (
                        <Badge variant="light">Open now</Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Open ${account.title}`}
                          onClick={() => openAccount(account)}
                        >
                          Open
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {accounts.isPending && <Text c="dimmed">Loading...</Text>}
          {accounts.isError && (
            <EmptyState title="Accounts could not be loaded" text="Reload the page to try again." />
          )}
          {accounts.isSuccess &&
            rows.length === 0 &&
            (query ? (
              <EmptyState
                title="No results match"
                text="The active filter is hiding all accounts"
              />
            ) : (
              <EmptyState
                title="There is no accounts yet"
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
    </Container>
  );
}
