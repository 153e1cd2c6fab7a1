import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { nextDateLabel, SUBSCRIPTION_ACTION_LABELS, subscriptionAction } from '@waymark/domain';
import {
  useProducts,
  useSubscription,
  useSubscriptionOrders,
  type Subscription,
} from '../../../api/billing';
import { modals } from '../../../app/modals/modalQueue';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { DetailsHeading } from '../DetailsHeading';
import { ProductThumbnail } from '../ProductThumbnail';
import { formatBillingDate, orderNumber } from '../format';
import { PlanCard } from './PlanCard';
import { planPrices } from './subscriptionPlans';

const NO_TRACKER = 'No tracker is assigned to this subscription.';

const MODAL_OF = {
  cancel: 'cancel-subscription',
  activate: 'activate-subscription',
  reactivate: 'reactivate-subscription',
} as const;

function DateLine({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {formatBillingDate(value)}
      </Text>
    </Group>
  );
}

function DeviceCard({ subscription }: { subscription: Subscription }) {
  const device = subscription.devices[0];
  if (!device) {
    return (
      <Paper withBorder radius="md" p="md" aria-label="Device">
        <Text size="sm" c="dimmed">
          {NO_TRACKER}
        </Text>
      </Paper>
    );
  }
  const thumbnail = device.model?.product?.thumbnail?.path;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Device">
      <Group wrap="nowrap">
        <ProductThumbnail
          path={thumbnail}
          alt={device.model?.name ?? ''}
          size={64}
          fallback={<IconDeviceMobile size={48} aria-hidden />}
        />
        <Stack gap={2}>
          <Text fw={600}>{device.name || '-'}</Text>
          <Text size="sm">Serial: {device.serial || '-'}</Text>
          <Text size="sm">IMEI: {device.imei || '-'}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function RelatedOrders({ id }: { id: number }) {
  const orders = useSubscriptionOrders(id);
  const rows = orders.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        Related Orders
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/manage/orders/${order.id}`}>
                    {orderNumber(order.id)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatBillingDate(order.created_at)}</Table.Td>
                <Table.Td>
                  <BillingStatusBadge status={order.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {orders.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          No orders yet.
        </Text>
      )}
    </Paper>
  );
}

/** A subscription (spec 002 §2.3): status, dates, device, plans, orders and the status button. */
export function SubscriptionDetailsPage() {
  const id = Number(useParams().id);
  const query = useSubscription(id);
  const products = useProducts();
  const subscription = query.data;
  if (!subscription) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading subscription" />
      </Center>
    );
  }
  const action = subscriptionAction(subscription.status);
  const nextLabel = nextDateLabel(subscription.status);
  // Pending cancellation: the date the plan ends; otherwise the next payment.
  const nextDate =
    subscription.status === 'pending-cancellation'
      ? (subscription.cancel_at ?? subscription.renewal_date)
      : subscription.renewal_date;
  const prices = planPrices(subscription, products.data ?? []);

  return (
    <Stack>
      <DetailsHeading
        back={{ to: '/manage/subscriptions', label: 'Back to subscriptions' }}
        title={`Subscription #${subscription.id}`}
        badge={<BillingStatusBadge status={subscription.status} kind="subscription" />}
        actions={
          action && (
            <Button
              color={action === 'cancel' ? 'red' : undefined}
              variant={action === 'cancel' ? 'light' : 'filled'}
              onClick={() => modals.open(MODAL_OF[action], { subscription, prices })}
            >
              {SUBSCRIPTION_ACTION_LABELS[action]}
            </Button>
          )
        }
      />
      <Group gap="xl">
        <DateLine label="Started:" value={subscription.start_at} />
        <DateLine label="Last order:" value={subscription.most_recent_order?.created_at} />
        {nextLabel && <DateLine label={nextLabel} value={nextDate} />}
      </Group>
      <DeviceCard subscription={subscription} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PlanCard
          title="Current Plan"
          price={subscription.actual_price}
          months={subscription.months}
          prices={prices}
        />
        <PlanCard
          title="Next Renewal"
          price={subscription.renewal_price}
          months={subscription.renewal_months}
          prices={prices}
        />
      </SimpleGrid>
      <RelatedOrders id={subscription.id} />
    </Stack>
  );
}
