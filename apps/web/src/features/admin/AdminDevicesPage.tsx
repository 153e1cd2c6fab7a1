import { NOTHING_YET_TEXT, nothingYet } from '../../components/EmptyState';
import { Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import { useAdminDevices, useUnassignedDevices } from '../../api/admin';
import { modals } from '../../app/modals/modalQueue';
import { StatusBadge } from '../../components/StatusBadge';
import { AdminListPage } from './AdminListPage';

dayjs.extend(relativeTime);

const ago = (iso: string | null) => (iso ? dayjs(iso).fromNow() : 'Never');

/**
 * AdminDevicesView (/admin/devices), platform admins only: every account's trackers, each
 * opening its admin details (/accounts/{accountId}/trackers/{id}), and below them the serials
 * that report without a tracker, each with Provision (issue 23).
 */
export function AdminDevicesPage() {
  return (
    <AdminListPage
      title="Devices"
      items="devices"
      size="lg"
      searchPlaceholder="Name, serial, IMEI or account..."
      useList={useAdminDevices}
      columns={['Tracker', 'Account', 'Model', 'Status', 'Last report']}
      minWidth={760}
      empty={{
        title: nothingYet('devices'),
        text: NOTHING_YET_TEXT,
      }}
      row={(device) => (
        <Table.Tr key={device.id}>
          <Table.Td>
            <Anchor component={Link} to={`/accounts/${device.account.id}/trackers/${device.id}`}>
              {device.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {device.serial}
            </Text>
          </Table.Td>
          <Table.Td>{device.account.title}</Table.Td>
          <Table.Td>{device.model}</Table.Td>
          <Table.Td>
            <StatusBadge status={device.subscription_status} hasData />
          </Table.Td>
          <Table.Td>{ago(device.last_fix_at)}</Table.Td>
        </Table.Tr>
      )}
    >
      <UnassignedSerials />
    </AdminListPage>
  );
}

/** Serials heard by the device listeners that no tracker claims, newest first. */
function UnassignedSerials() {
  const serials = useUnassignedDevices();
  const rows = serials.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Stack>
        <Title order={2} size="h4">
          Unassigned Serials
        </Title>
        <Text size="sm" c="dimmed">
          Hardware that reports without belonging to a tracker. Provision it into an account to see
          it on that account&apos;s map. What to set on a unit so that it reports here:{' '}
          <Anchor component={Link} to="/device-setup">
            Device setup
          </Anchor>
          .
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Unassigned serials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Serial</Table.Th>
                <Table.Th>Protocol</Table.Th>
                <Table.Th>Reports</Table.Th>
                <Table.Th>Last heard</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.serial}>
                  <Table.Td ff="monospace">{row.serial}</Table.Td>
                  <Table.Td>{row.protocol}</Table.Td>
                  <Table.Td>{row.reports}</Table.Td>
                  <Table.Td>{ago(row.last_seen_at)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Provision ${row.serial}`}
                      onClick={() => modals.open('admin-provision', { serial: row.serial })}
                    >
                      Provision
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {serials.isPending && <Text c="dimmed">Loading...</Text>}
        {serials.isSuccess && rows.length === 0 && (
          <Text c="dimmed">Every serial that reported belongs to a tracker.</Text>
        )}
      </Stack>
    </Paper>
  );
}
