import { useState } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import type { AdminUser } from '@waymark/domain';
import { startImitation, useAdminUsers } from '../../api/admin';
import { ApiError } from '../../api/client';
import { session } from '../../api/session';
import { HOME_PATH } from '../../app/routing/nextPath';
import { toast } from '../../app/toast';
import { AdminListPage } from './AdminListPage';

const RETURN_PATH = '/admin/users';

/**
 * Opens the user's session in this tab (spec 002 §6): the app starts again with the imitation
 * token in `token` and this page in `imitate_from`, where 'Quit Imitation' comes back to.
 */
async function imitate(user: AdminUser) {
  const { imitation_token } = await startImitation(user.id);
  session.beginImitation(user.accounts[0]!.id);
  const params = new URLSearchParams({ token: imitation_token, imitate_from: RETURN_PATH });
  window.location.assign(`${HOME_PATH}?${params}`);
}

function ImitateButton({ user }: { user: AdminUser }) {
  const [busy, setBusy] = useState(false);
  if (user.is_gpx_admin) return <Badge variant="light">Platform admin</Badge>;
  if (user.accounts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No account
      </Text>
    );
  }
  const onClick = async () => {
    setBusy(true);
    try {
      await imitate(user);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : null);
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`Imitate ${user.name}`}
      loading={busy}
      onClick={() => void onClick()}
    >
      Imitate
    </Button>
  );
}

/**
 * AdminUsersView (/admin/users), platform admins only: every user, found by name or e-mail,
 * to open their session (impersonation). Not in spec 002 §2.1, which names impersonation
 * without saying where an admin finds the user.
 */
export function AdminUsersPage() {
  return (
    <AdminListPage
      title="Users"
      items="users"
      size="lg"
      searchPlaceholder="Name or e-mail..."
      description="Imitate a user to see the app as they do. The session ends after an hour, and every change made in it is recorded in the Audit Log with your name."
      useList={useAdminUsers}
      columns={['Name', 'Email', 'Accounts', '']}
      minWidth={640}
      empty={{ title: 'There are no users yet', text: 'They will appear as accounts invite them.' }}
      row={(user) => (
        <Table.Tr key={user.id}>
          <Table.Td fw={500}>{user.name}</Table.Td>
          <Table.Td>{user.email}</Table.Td>
          <Table.Td>{user.accounts.map((a) => a.title).join(', ') || '-'}</Table.Td>
          <Table.Td ta="right">
            <ImitateButton user={user} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
