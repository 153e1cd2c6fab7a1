import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconSearch, IconUserPlus } from '@tabler/icons-react';
import type { AccountUser } from '@waymark/domain';
import { useAccountUsersCounted } from '../../api/manage';
import { modals } from '../../app/modals/modalQueue';
import { useCurrentAccount, useSession } from '../../app/session/useSession';
import { EmptyState, NOTHING_YET_TEXT, nothingYet } from '../../components/EmptyState';
import { PendingInvitations } from './PendingInvitations';
import { RemoveUserModal } from './RemoveUserModal';
import { deviceAccessLabel, roleLabel } from './userLabels';

const PER_PAGE = 25;

/**
 * User Access (spec 002 §2.3): the account's users, invitations, permissions and removal, and
 * below them the invitations nobody accepted yet.
 */
export function UsersPage() {
  const account = useCurrentAccount();
  const me = useSession()?.me;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const {
    list: users,
    countOf,
    counting,
  } = useAccountUsersCounted(account?.id ?? 0, {
    page,
    perPage: PER_PAGE,
    query,
  });
  const rows = users.data?.data ?? [];
  const meta = users.data?.meta;

  const onSearch = (value: string) => {
    setSearch(value);
    // Spec 002 §5: the page resets when the search changes.
    setPage(1);
  };

  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4">
              Users
            </Title>
            <Group>
              <TextInput
                aria-label="Search users"
                placeholder="Search..."
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => onSearch(e.currentTarget.value)}
              />
              <Button
                leftSection={<IconUserPlus size={16} />}
                onClick={() => modals.open('invite-user')}
              >
                Invite Users
              </Button>
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User Info</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Devices</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
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
                    <Table.Td>
                      {deviceAccessLabel(user, counting ? undefined : countOf.get(user.id))}
                    </Table.Td>
                    <Table.Td>
                      {user.id !== me?.id && (
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={`Actions for ${user.name}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => modals.open('edit-user', { user })}>
                              Edit User
                            </Menu.Item>
                            <Menu.Item color="red" onClick={() => setRemoving(user)}>
                              Remove
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
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
              <EmptyState title={nothingYet('users')} text={NOTHING_YET_TEXT} />
            ))}
          {meta && meta.last_page > 1 && (
            <Group justify="flex-end">
              <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
        <RemoveUserModal user={removing} onClose={() => setRemoving(null)} />
      </Paper>
      {account && <PendingInvitations accountId={account.id} />}
    </Stack>
  );
}
