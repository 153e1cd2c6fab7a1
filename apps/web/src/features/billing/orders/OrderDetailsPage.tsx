import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconChevronDown, IconPackage } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BILLING_MESSAGES, canViewInvoice, isOrderPayable } from '@waymark/domain';
import { useOrder, useOrderSubscriptions, type Order } from '../../../api/billing';
import { EmptyState } from '../../../components/EmptyState';
import { AddressCard } from '../AddressCard';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { DetailsHeading } from '../DetailsHeading';
import { ProductThumbnail } from '../ProductThumbnail';
import { formatBillingDate, money } from '../format';
import { openInvoice } from './OrderListPage';
import { OrderSummaryTable } from './OrderSummaryTable';

function OrderButtons({ order }: { order: Order }) {
  if (isOrderPayable(order.status)) {
    return (
      <Menu position="bottom-end">
        <Menu.Target>
          <Button rightSection={<IconChevronDown size={16} />}>Pay Now</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => openInvoice(order, 'pay')}>Pay Invoice</Menu.Item>
          <Menu.Item onClick={() => openInvoice(order, 'view')}>View Invoice</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  if (!canViewInvoice(order.status)) return null;
  return (
    <Button variant="light" onClick={() => openInvoice(order, 'view')}>
      View Invoice
    </Button>
  );
}

function LineItems({ order }: { order: Order }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.orderItems.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Group wrap="nowrap" gap="sm">
                  <ProductThumbnail
                    path={item.product.thumbnail?.path}
                    alt={item.product.thumbnail?.alias ?? item.product.title}
                    size={40}
                    fallback={<IconPackage size={32} aria-hidden />}
                  />
                  <Text size="sm">{item.product.title}</Text>
                </Group>
              </Table.Td>
              <Table.Td>{item.product.sku}</Table.Td>
              <Table.Td>{money(item.actual_price)}</Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{money(item.actual_price * item.quantity)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderSubscriptions({ id }: { id: number }) {
  const subscriptions = useOrderSubscriptions(id).data ?? [];
  if (subscriptions.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subscription</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Next payment</Table.Th>
              <Table.Th>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subscriptions.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/manage/subscriptions/${s.id}`}>
                    {s.devices[0]?.name ?? `#${s.id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <BillingStatusBadge status={s.status} kind="subscription" />
                </Table.Td>
                <Table.Td>{formatBillingDate(s.renewal_date)}</Table.Td>
                <Table.Td>{money(s.renewal_price ?? s.actual_price)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** An order (spec 002 §2.3): date, status, items, summary, subscriptions and addresses. */
export function OrderDetailsPage() {
  const id = Number(useParams().id);
  const query = useOrder(id);
  const order = query.data;
  if (query.isError)
    return (
      <EmptyState
        title={BILLING_MESSAGES.notFound}
        text="There is no such order in this account."
      />
    );
  if (!order) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading order" />
      </Center>
    );
  }
  return (
    <Stack>
      <DetailsHeading
        back={{ to: '/manage/orders', label: 'Back to orders' }}
        title={`Order #${order.id}`}
        badge={<BillingStatusBadge status={order.status} />}
        actions={<OrderButtons order={order} />}
      />
      <Text size="sm" c="dimmed">
        Placed on {formatBillingDate(order.created_at)}
      </Text>
      <Paper withBorder radius="md" p="md">
        <LineItems order={order} />
        <OrderSummaryTable summary={order.summary} />
      </Paper>
      <OrderSubscriptions id={order.id} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AddressCard title="Billing Address" address={order.billingAddress} />
        <AddressCard title="Shipping Address" address={order.shippingAddress} />
      </SimpleGrid>
    </Stack>
  );
}
