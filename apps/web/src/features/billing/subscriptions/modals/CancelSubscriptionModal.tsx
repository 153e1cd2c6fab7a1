import { Button, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../../api/client';
import { useSetSubscriptionStatus, type Subscription } from '../../../../api/billing';
import type { ModalBodyProps } from '../../../../app/modals/modalBody';
import { toast } from '../../../../app/toast';
import { BILLING_MESSAGES } from '@waymark/domain';
import { formatBillingDate } from '../../format';

/**
 * Cancel Subscription (spec 002 §4.1): sends pending-cancellation; the plan runs to its end.
 * A blocked one is cancelled at once (the server's rule), and the text says so.
 */
export function CancelSubscriptionModal({ close, props }: ModalBodyProps) {
  const subscription = props.subscription as Subscription;
  const setStatus = useSetSubscriptionStatus();
  const cancel = () =>
    setStatus.mutate(
      { id: subscription.id, status: 'pending-cancellation' },
      {
        onSuccess: () => {
          toast.success(BILLING_MESSAGES.subscriptionCancelled);
          close();
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : null),
      },
    );
  return (
    <Stack>
      {subscription.status === 'blocked' ? (
        // The server cancels a blocked subscription at once: it has no paid time left to run.
        <Text>
          The renewal of this subscription was not paid, so it is cancelled now. You can reactivate
          it later on a plan of your choice.
        </Text>
      ) : (
        <Text>
          The tracker keeps working until {formatBillingDate(subscription.renewal_date)}; the
          subscription is not renewed after that.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Go Back
        </Button>
        <Button color="red" loading={setStatus.isPending} onClick={cancel}>
          Cancel Subscription
        </Button>
      </Group>
    </Stack>
  );
}
