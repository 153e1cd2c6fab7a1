import { Button, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../../api/client';
import { useSetSubscriptionStatus, type Subscription } from '../../../../api/billing';
import type { ModalBodyProps } from '../../../../app/modals/modalBody';
import { toast } from '../../../../app/toast';
import { BILLING_MESSAGES } from '@waymark/domain';
import { formatBillingDate } from '../../format';

/** Activate Subscription (spec 002 §4.1): takes back a pending cancellation. */
export function ActivateSubscriptionModal({ close, props }: ModalBodyProps) {
  const subscription = props.subscription as Subscription;
  const setStatus = useSetSubscriptionStatus();
  const activate = () =>
    setStatus.mutate(
      { id: subscription.id, status: 'active' },
      {
        onSuccess: () => {
          toast.success(BILLING_MESSAGES.subscriptionActivated);
          close();
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : null),
      },
    );
  return (
    <Stack>
      <Text>
        The subscription renews again on {formatBillingDate(subscription.renewal_date)} instead of
        ending.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Go Back
        </Button>
        <Button loading={setStatus.isPending} onClick={activate}>
          Activate Subscription
        </Button>
      </Group>
    </Stack>
  );
}
