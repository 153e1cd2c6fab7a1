import { NOTHING_YET_TEXT, nothingYet } from '../../components/EmptyState';
import { Badge, Button, Group, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AdminAccount } from '@waymark/domain';
import { useAdminAccounts } from '../../api/admin';
import { session } from '../../api/session';
import { modals } from '../../app/modals/modalQueue';
import { HOME_PATH } from '../../app/routing/nextPath';
import { useCurrentAccount } from '../../app/session/useSession';
import { AdminListPage } from './AdminListPage';

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
 * look at its screens, or to make it an order. Spec 002 lets platform admins view other
 * accounts' devices without saying how they reach them; this is where a platform admin
 * without an account lands.
 */
export function AdminAccountsPage() {
  const current = useCurrentAccount();
  return (
    <AdminListPage
      title="Accounts"
      items="accounts"
      searchPlaceholder="Search..."
      description="Open an account to see its screens as a viewer of every tracker, or make it an order to approve and pay. A new customer's account starts here."
      actions={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => modals.open('admin-new-account')}
        >
          New Account
        </Button>
      }
      useList={useAdminAccounts}
      columns={['Account', 'Type', 'Trackers', 'Users', '']}
      minWidth={560}
      empty={{
        title: nothingYet('accounts'),
        text: NOTHING_YET_TEXT,
      }}
      row={(account) => (
        <Table.Tr key={account.id}>
          <Table.Td fw={500}>{account.title}</Table.Td>
          <Table.Td>{account.is_b2b_account ? 'Business' : 'Consumer'}</Table.Td>
          <Table.Td>{account.devices_count}</Table.Td>
          <Table.Td>{account.users_count}</Table.Td>
          <Table.Td ta="right">
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                aria-label={`New order for ${account.title}`}
                onClick={() => modals.open('admin-order', { accountId: account.id })}
              >
                New Order
              </Button>
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
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
