import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@waymark/domain';
import {
  billingKeys,
  createSetupIntent,
  refreshSetupIntent,
  useBillingConfig,
  type IntentResponse,
} from '../../../api/billing';
import { ApiError } from '../../../api/client';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { goTo } from '../../../app/navigation';
import { toast } from '../../../app/toast';
import { CardForm } from '../payment/CardForm';
import type { CardFormHandle } from '../payment/cardForm';

const INITIALISING = 'Payment system initialization...';
const SAVED_POLL_MS = 1000;
const SAVED_POLL_TRIES = 15;

/**
 * The card is saved by the provider's webhook: ask until the setup intent has a card. Answers
 * null once saved, else why not (the provider's message, e.g. a decline).
 */
async function waitForSavedCard(intentId: string): Promise<string | null> {
  let error: string | null = null;
  for (let i = 0; i < SAVED_POLL_TRIES; i += 1) {
    const answer = await refreshSetupIntent(intentId);
    if ('last4' in answer) return null;
    error = answer.error;
    if (error) return error;
    await new Promise((resolve) => setTimeout(resolve, SAVED_POLL_MS));
  }
  return error ?? '';
}

/** New Payment Method (spec 002 §2.8, §4.6): a setup intent confirmed in the card form. */
export function NewPaymentMethodModal({ close, props }: ModalBodyProps) {
  const accountId = props.accountId as number;
  const queryClient = useQueryClient();
  const config = useBillingConfig();
  const [intent, setIntent] = useState<IntentResponse | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<CardFormHandle>(null);

  useEffect(() => {
    let cancelled = false;
    createSetupIntent(accountId)
      .then((next) => !cancelled && setIntent(next))
      .catch((error: unknown) => {
        toast.error(error instanceof ApiError ? error.message : null);
        close();
      });
    return () => {
      cancelled = true;
    };
  }, [accountId, close]);

  const save = async () => {
    if (!form.current || !intent) {
      // Spec 002 §8: card setup with no loaded form is an error for 15 s.
      toast.error(INITIALISING);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await form.current.confirm();
      if (result.status !== 'succeeded') {
        setFailure(result.message ?? '');
        return;
      }
      const unsaved = await waitForSavedCard(result.intentId || intent.id);
      if (unsaved !== null) {
        setFailure(unsaved);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(accountId) });
      toast.success(BILLING_MESSAGES.paymentMethodAdded);
      close();
      goTo('/manage/payment');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : null);
    } finally {
      setBusy(false);
    }
  };

  if (!intent || !config.data) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>{INITIALISING}</Text>
      </Group>
    );
  }
  return (
    <Stack>
      {!ready && <Text c="dimmed">{INITIALISING}</Text>}
      <CardForm
        ref={form}
        config={config.data}
        intent={intent}
        kind="setup"
        returnUrl={new URL('/manage/payment', window.location.href).href}
        onReady={() => setReady(true)}
      />
      {failure !== null && (
        <Alert color="red" role="alert">
          {failure || 'The card could not be saved.'}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!ready || busy}>
          {busy ? 'Saving...' : 'Save Card'}
        </Button>
      </Group>
    </Stack>
  );
}
