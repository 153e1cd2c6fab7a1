import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../../api/client';
import {
  useActivateSubscription,
  usePaymentMethods,
  type Subscription,
} from '../../../../api/billing';
import type { ModalBodyProps } from '../../../../app/modals/modalBody';
import { goTo } from '../../../../app/navigation';
import { toast } from '../../../../app/toast';
import { annualSaving, BILLING_MESSAGES, planLabel } from '@waymark/domain';
import { cardLabel, money } from '../../format';
import type { PlanPrices } from '../subscriptionPlans';

const POLL_MS = 2000;

/** Waits for the new subscription to be paid: active means the payment went through. */
function usePaidSubscription(id: number | null) {
  return useQuery({
    queryKey: ['subscriptions', id, 'payment'],
    queryFn: () => request<Subscription>(`/subscriptions/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'active' ? false : POLL_MS),
  });
}

/**
 * Reactivate Subscription (spec 002 §4.1): choose a plan; the modal says the amount and the
 * card it will be charged to before anything is charged; a new subscription is made and
 * charged to the default card; 'Payment is processing' until it is paid. Without a saved
 * card the modal warns first.
 */
export function ReactivateSubscriptionModal({ close, props }: ModalBodyProps) {
  const subscription = props.subscription as Subscription;
  const { monthly, annual } = props.prices as PlanPrices;
  const cards = usePaymentMethods(subscription.account_id);
  const activate = useActivateSubscription();
  const [months, setMonths] = useState('1');
  const [created, setCreated] = useState<number | null>(null);
  const paid = usePaidSubscription(created);

  const done = created !== null && paid.data?.status === 'active';
  useEffect(() => {
    if (!done) return;
    toast.success(BILLING_MESSAGES.subscriptionActivated);
    close();
    goTo(`/manage/subscriptions/${created}`);
  }, [done, created, close]);

  if (created !== null) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>{BILLING_MESSAGES.paymentProcessing}</Text>
      </Group>
    );
  }

  const submit = () =>
    activate.mutate(
      { id: subscription.id, months: Number(months) },
      {
        onSuccess: (next) => {
          const intent = next.payment_intent;
          if (!intent || intent.status === 'succeeded' || intent.status === 'processing') {
            setCreated(next.subscription.id);
            return;
          }
          // The default card was declined, or asks for a confirmation step nobody can pass
          // here: the new subscription waits for its order to be paid (Pay Now there).
          toast.error(intent.error ?? BILLING_MESSAGES.reactivationUnpaid);
          close();
          goTo(`/manage/orders/${next.order.id}`);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : null),
      },
    );
  // The server charges the default card: no default, no charge.
  const card = cards.data?.find((c) => c.default) ?? null;
  const noCard = cards.isSuccess && card === null;
  const price = months === '12' ? annual : monthly;
  const saving = monthly !== null && annual !== null ? annualSaving(monthly, annual) : 0;

  return (
    <Stack>
      <Radio.Group label="Choose a plan" value={months} onChange={setMonths}>
        <Stack gap="xs" mt="xs">
          <Radio value="1" label={`${planLabel(1)} - ${money(monthly)}`} />
          <Radio
            value="12"
            label={`${planLabel(12)} - ${money(annual)}${
              saving > 0 ? ` (save ${money(saving)})` : ''
            }`}
          />
        </Stack>
      </Radio.Group>
      {card && price !== null && (
        <Text size="sm" aria-label="Charge">
          {money(price)} will be charged now to {cardLabel(card)}.
        </Text>
      )}
      {noCard && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {BILLING_MESSAGES.noPaymentMethod}:{' '}
          <Anchor
            href="/manage/payment"
            onClick={(event) => {
              event.preventDefault();
              close();
              goTo('/manage/payment');
            }}
          >
            Payment Methods
          </Anchor>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Go Back
        </Button>
        <Button loading={activate.isPending} disabled={noCard} onClick={submit}>
          Reactivate Subscription
        </Button>
      </Group>
    </Stack>
  );
}
