import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import {
  DEFAULT_INVITE_ROLE,
  USER_ACCESS_MESSAGES,
  parseEmailList,
  type Role,
} from '@waymark/domain';
import { ApiError } from '../../api/client';
import { useInviteUsers } from '../../api/manage';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { DeviceAccessFields, type DeviceAccess } from './DeviceAccessFields';
import { RoleSelect } from './RoleSelect';

/** Invite New User (spec 002 §2.8, §5): e-mails, role (Manager first), device access. */
export function InviteUsersModal({ close }: ModalBodyProps) {
  const accountId = useCurrentAccount()?.id ?? 0;
  const invite = useInviteUsers(accountId);
  const [emails, setEmails] = useState('');
  const [emailsError, setEmailsError] = useState<string | null>(null);
  const [role, setRole] = useState<Role>(DEFAULT_INVITE_ROLE);
  const [access, setAccess] = useState<DeviceAccess>({
    full_device_access: true,
    device_ids: [],
    group_ids: [],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = parseEmailList(emails);
    if (list.length === 0) {
      setEmailsError(USER_ACCESS_MESSAGES.incorrectEmails);
      return;
    }
    setEmailsError(null);
    invite.mutate(
      { emails: list, role, ...access },
      {
        onSuccess: () => {
          toast.success(USER_ACCESS_MESSAGES.invited);
          close();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? Object.keys(error.errors)[0] : undefined;
          if (field?.startsWith('emails')) setEmailsError(USER_ACCESS_MESSAGES.incorrectEmails);
          toast.error(USER_ACCESS_MESSAGES.inviteFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Textarea
          label="Emails"
          description="Separate several addresses with commas or semicolons"
          placeholder="name@company.com; other@company.com"
          autosize
          minRows={2}
          value={emails}
          onChange={(e) => setEmails(e.currentTarget.value)}
          error={emailsError}
          data-autofocus
        />
        <RoleSelect value={role} onChange={setRole} />
        <DeviceAccessFields role={role} value={access} onChange={setAccess} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting...' : 'Invite'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
