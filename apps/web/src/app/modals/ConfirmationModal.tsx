import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { toast } from '../toast';
import { CONFIRMATION_DEFAULTS, type ConfirmationOptions } from './confirmation';
import type { ModalBodyProps } from './modalBody';

/**
 * The common confirmation (spec 002 §2.8): the question, then confirm or cancel. Confirming
 * runs the action; success closes with 'Success!' (or the caller's text), a failure says
 * 'An error occurred' (or the caller's) and leaves the modal open to try again.
 */
export function ConfirmationModal({ close, props }: ModalBodyProps) {
  const options = { ...CONFIRMATION_DEFAULTS, ...(props as unknown as ConfirmationOptions) };
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await options.onConfirm();
      toast.success(options.successMessage, { timeout: options.toastTimeout });
      close();
      options.onDone?.();
    } catch (error) {
      const message =
        typeof options.errorMessage === 'function'
          ? options.errorMessage(error)
          : options.errorMessage;
      toast.error(message, { timeout: options.toastTimeout });
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Text>{options.text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>
          {options.cancelLabel}
        </Button>
        <Button
          color={options.danger ? 'red' : undefined}
          loading={busy}
          onClick={() => void confirm()}
        >
          {options.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
