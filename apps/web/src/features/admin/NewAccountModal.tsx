import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { adminAccountCreateSchema, firstFieldErrors } from '@waymark/domain';
import { useCreateAdminAccount } from '../../api/admin';
import { ApiError } from '../../api/client';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { toast } from '../../app/toast';

/** The account flags that open screens (spec 002 §6), as the form names them. */
const FLAGS = [
  { key: 'has_api_access', label: 'API access', hint: 'Manage → API Access' },
  { key: 'has_rules_engine', label: 'Rules engine', hint: 'Rules' },
  { key: 'can_track_shipments', label: 'Shipment tracking', hint: 'Shipments' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

/**
 * New Account (modal 'admin-new-account', platform admins): a customer account with its title,
 * type and flags (POST /admin/accounts). Checked with the server's schema before it is sent;
 * the server's 422 (a title another account has) shows under its field.
 */
export function NewAccountModal({ close }: ModalBodyProps) {
  const create = useCreateAdminAccount();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<'business' | 'consumer'>('business');
  const [flags, setFlags] = useState<Record<FlagKey, boolean>>({
    has_api_access: false,
    has_rules_engine: false,
    can_track_shipments: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminAccountCreateSchema.safeParse({
      title,
      is_b2b_account: type === 'business',
      ...flags,
    });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (account) => {
        toast.success(`Account ${account.title} created`);
        close();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && Object.keys(failure.errors).length > 0) {
          setErrors(
            Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? ''])),
          );
        }
      },
    });
  };
  const failed =
    create.error && !(create.error instanceof ApiError && Object.keys(create.error.errors).length)
      ? create.error.message
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label="New account">
      <Stack>
        <TextInput
          label="Title"
          required
          data-autofocus
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Radio.Group
          label="Type"
          value={type}
          onChange={(v) => setType(v as 'business' | 'consumer')}
          error={errors.is_b2b_account}
        >
          <Group mt={4}>
            <Radio value="business" label="Business" />
            <Radio value="consumer" label="Consumer" />
          </Group>
        </Radio.Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Features
          </Text>
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag.key}
              label={flag.label}
              description={`Opens ${flag.hint}`}
              checked={flags[flag.key]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setFlags((all) => ({ ...all, [flag.key]: checked }));
              }}
              error={errors[flag.key]}
            />
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          The account starts with no users and no trackers: provision trackers into it and invite
          its users once it is open.
        </Text>
        {failed && <Alert color="red">{failed}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
