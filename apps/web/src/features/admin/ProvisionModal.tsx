import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProvisionResult } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { useUtilityAction } from '../../api/utilities';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { AccountPicker, ModelPicker } from '../utilities/pickers';

/**
 * Provision (modal 'admin-provision'): a serial that reports without a tracker becomes a
 * tracker of the chosen account, which its next report puts on that account's map; without an
 * account it goes into inventory (POST /admin/utilities/provision).
 */
export function ProvisionModal({ close, props }: ModalBodyProps) {
  const serial = String(props.serial ?? '');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [name, setName] = useState(`Tracker ${serial.slice(-4)}`);
  const provision = useUtilityAction<ProvisionResult>('provision');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!modelId) return;
    provision.mutate(
      {
        serial,
        model_id: Number(modelId),
        ...(accountId ? { account_id: Number(accountId) } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: result.message });
          close();
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          Serial <b>{serial}</b>
        </Text>
        <AccountPicker label="Account" value={accountId} onChange={setAccountId} />
        <Text size="xs" c="dimmed" mt={-8}>
          The tracker appears on this account&apos;s map with its next report; without an account
          the serial goes into inventory.
        </Text>
        <ModelPicker label="Model" required value={modelId} onChange={setModelId} />
        <TextInput
          label="Tracker name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {provision.error && (
          <Alert color="red">
            {provision.error instanceof ApiError ? provision.error.message : 'An error occurred'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!modelId} loading={provision.isPending}>
            Provision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
