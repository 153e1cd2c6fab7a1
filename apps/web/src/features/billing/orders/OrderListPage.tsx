import { Anchor, Button, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { canViewInvoice, isOrderPayable } from '@waymark/domain';
import { useOrders, type OrderListItem } from '../../../api/billing';
import { modals } from '../../../app/modals/modalQueue';
import { useCurrentAccount } from '../../../app/session/useSession';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { formatBillingDate, orderNumber } from '../format';
import { ManageList } from '../ManageList';
import { useListPaging } from '../useListPaging';

const HEADERS = ['Order Number', 'Date', 'Status', ''];

/** Opens the invoice modal: pay mode leads on to the payment modal (spec 002 §4.5). */
export const openInvoice = (order: Pick<OrderListItem, 'id'>, mode: 'view' | 'pay') =>
  modals.open('order-invoice', { orderId: order.id, mode });

function OrderActions({ order }: { order: OrderListItem }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {isOrderPayable(order.status) && (
        <Button size="xs" onClick={() => openInvoice(order, 'pay')}>
          Pay Now
        </Button>
      )}
      {canViewInvoice(order.status) && (
        <Button size="xs" variant="light" onClick={() => openInvoice(order, 'view')}>
          View Invoice
        </Button>
      )}
    </Group>
  );
}

/** Order History (spec 002 §2.3): #id, date, status, and Pay Now / View Invoice. */
export function OrderListPage() {
  const accountId = useCurrentAccount()?.id ?? 0;
  const paging = useListPaging();
  const list = useOrders(accountId, { page: paging.page, perPage: paging.perPage });
  const rows = list.data?.data ?? [];
  return (
    <ManageList
      title="Orders"
      headers={HEADERS}
      loading={list.isPending}
      filtered={false}
      hidden="orders"
      meta={list.data?.meta}
      paging={paging}
      count={rows.length}
    >
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
          <Table.Td>
            <OrderActions order={order} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ManageList>
  );
}
