import { Table } from '@mantine/core';
import dayjs from 'dayjs';
import type { AuditEntry } from '@waymark/domain';
import { useAuditLog } from '../../api/admin';
import { AdminListPage } from './AdminListPage';

const time = (iso: string) => dayjs(iso).format('MMM D, YYYY h:mm:ss A');

const person = (p: AuditEntry['user']) => (p ? `${p.name} (${p.email})` : 'A deleted user');

/**
 * AuditLogView (/admin/audit-log), platform admins only: every write a platform admin made,
 * in their own name or while imitating a user, with both identities (issue 23).
 */
export function AuditLogPage() {
  return (
    <AdminListPage
      title="Audit Log"
      items="entries"
      size="lg"
      searchPlaceholder="Person, path or action..."
      useList={useAuditLog}
      columns={['Time', 'Acted as', 'Imitated by', 'Call', 'Action', 'Status']}
      minWidth={960}
      empty={{
        title: 'Nothing recorded yet',
        text: 'Changes made by platform admins will appear here.',
      }}
      row={(entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td>{time(entry.created_at)}</Table.Td>
          <Table.Td>{person(entry.user)}</Table.Td>
          <Table.Td>{entry.imitator ? person(entry.imitator) : '-'}</Table.Td>
          <Table.Td ff="monospace" fz="sm">
            {entry.method} {entry.path}
          </Table.Td>
          <Table.Td fz="sm">{entry.summary ?? '-'}</Table.Td>
          <Table.Td>{entry.status_code}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
