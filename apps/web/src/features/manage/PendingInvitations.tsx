import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { PENDING_INVITATION_MESSAGES as m } from '@waymark/domain';
import { serverMessageOr } from '../../api/client';
import {
  usePendingInvitations,
  useResendInvitation,
  useRevokeInvitation,
  type PendingInvitation,
} from '../../api/invitations';
import { confirmAction } from '../../app/modals/confirmation';
import { toast } from '../../app/toast';
import { roleLabel } from './userLabels';

const STATUS = {
  pending: { label: 'Pending', color: 'blue' },
  expired: { label: 'Expired', color: 'red' },
} as const;

function InvitationRow(props: { accountId: number; invitation: PendingInvitation }) {
  const { accountId, invitation } = props;
  const resend = useResendInvitation(accountId);
  const revoke = useRevokeInvitation(accountId);
  const status = STATUS[invitation.status];
  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast.success(m.resent),
      onError: (error) => toast.error(serverMessageOr(null)(error)),
    });
  const onRevoke = () =>
    confirmAction({
      title: 'Revoke Invitation',
      text: `Revoke the invitation of ${invitation.email}? Its link stops working at once.`,
      confirmLabel: 'Revoke',
      danger: true,
      onConfirm: () => revoke.mutateAsync(invitation.id),
      successMessage: m.revoked,
      errorMessage: serverMessageOr(null),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{invitation.email}</Text>
      </Table.Td>
      <Table.Td>{roleLabel(invitation.role)}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>{invitation.invited_by?.name ?? '-'}</Table.Td>
      <Table.Td>{dayjs(invitation.expires_at).format('MMMM DD, YYYY')}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="xs" variant="light" loading={resend.isPending} onClick={onResend}>
            Resend
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onRevoke}>
            Revoke
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The invitations nobody accepted yet, under the users of User Access: who, the role, Pending
 * or Expired, who invited them and until when the link works, with Resend and Revoke. Shown
 * only while there are any.
 */
export function PendingInvitations({ accountId }: { accountId: number }) {
  const invitations = usePendingInvitations(accountId);
  const rows = invitations.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={m.title}>
      <Stack>
        <Title order={3} size="h5">
          {m.title}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited By</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invitation) => (
                <InvitationRow key={invitation.id} accountId={accountId} invitation={invitation} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
