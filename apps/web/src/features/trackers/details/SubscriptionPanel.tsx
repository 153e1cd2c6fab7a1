import { Badge, Group, Stack, Text } from '@mantine/core';
import { SUBSCRIPTION_LABELS, type DeviceDetails } from '@waymark/domain';
import { formatDay } from './feedback';

const STATUS_COLOURS: Record<string, string> = {
  active: 'green',
  pending: 'blue',
  'pending-renewal': 'yellow',
  'pending-cancellation': 'orange',
  cancelled: 'gray',
  blocked: 'red',
  archived: 'gray',
};

/** Subscription: status, start and renewal dates (spec 000 §2.5). */
export function SubscriptionPanel({ subscription }: Pick<DeviceDetails, 'subscription'>) {
  if (!subscription) {
    return (
      <Text size="sm" c="dimmed">
        No subscription
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Status
        </Text>
        <Badge variant="light" color={STATUS_COLOURS[subscription.status] ?? 'gray'}>
          {SUBSCRIPTION_LABELS[subscription.status] ?? subscription.status}
        </Badge>
      </Group>
      <Text size="sm">Started: {formatDay(subscription.start_at)}</Text>
      <Text size="sm">Renewal date: {formatDay(subscription.renewal_date)}</Text>
    </Stack>
  );
}
