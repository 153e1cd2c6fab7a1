import {
  planLabel,
  type Address,
  type InvoiceItem,
  type Order,
  type OrderItem,
  type OrderListItem,
  type Payment,
  type Product,
  type PublicOrder,
} from '@waymark/domain';
import type { PaymentRow } from '../payments/payments.queries';
import type { OrderItemRow, OrderRow, ProductRow } from './orders.queries';

const iso = (d: Date) => d.toISOString();

const thumbnail = (p: ProductRow) =>
  p.thumbnail_path ? { path: p.thumbnail_path, alias: p.thumbnail_alias ?? p.title } : null;

export function presentProduct(p: ProductRow): Product {
  return {
    id: p.id,
    title: p.title,
    sku: p.sku,
    kind: p.kind,
    price: p.price,
    plans: p.plans,
    thumbnail: thumbnail(p),
  };
}

export function presentOrderItem(item: OrderItemRow): OrderItem {
  return {
    id: item.id,
    quantity: item.quantity,
    actual_price: item.actual_price,
    months: item.months,
    product: {
      id: item.product.id,
      title: item.product.title,
      sku: item.product.sku,
      kind: item.product.kind,
      thumbnail: thumbnail(item.product),
    },
  };
}

/** The invoice's lines: a subscription's title names its plan ('Monthly', 'Annual', ...). */
export function presentInvoiceItem(item: OrderItemRow): InvoiceItem {
  const plan = item.months ? ` (${planLabel(item.months)})` : '';
  return {
    id: item.id,
    title: `${item.product.title}${plan}`,
    price: item.actual_price,
    qty: item.quantity,
    total: item.actual_price * item.quantity,
  };
}

export function presentPayment(p: PaymentRow): Payment {
  return {
    id: p.id,
    order_id: p.order_id,
    amount: p.amount,
    due_date: iso(p.due_date),
    created_at: iso(p.created_at),
    status: p.status,
    paid_at: p.paid_at ? iso(p.paid_at) : null,
    payment_method_id: p.payment_method_id,
  };
}

export function presentOrderListItem(row: OrderRow, itemCount: number): OrderListItem {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    account_id: row.account_id,
    created_at: iso(row.created_at),
    billingTerm: row.billing_term,
    paymentTerm: row.payment_term,
    orderItemsCount: itemCount,
    summary: row.summary,
  };
}

export function presentOrder(
  row: OrderRow,
  items: OrderItemRow[],
  paymentRows: PaymentRow[],
  account: { id: number; title: string },
): Order {
  return {
    ...presentOrderListItem(row, items.length),
    orderItems: items.map(presentOrderItem),
    invoiceItems: items.map(presentInvoiceItem),
    payments: paymentRows.map(presentPayment),
    billingAddress: row.billing_address ?? null,
    shippingAddress: row.shipping_address ?? null,
    admin_form_details: { sales_person: row.sales_person, po_number: row.po_number },
    account,
  };
}

const billedTo = (a: Address | null) =>
  a
    ? { title: a.title, line1: a.line1, line2: a.line2, city: a.city, state: a.state, zip: a.zip }
    : null;

/** Only what /approve-order/{uuid} shows: no ids of the account, no shipping, no PO number. */
export function presentPublicOrder(
  row: OrderRow,
  items: OrderItemRow[],
  paymentRows: PaymentRow[],
  accountTitle: string,
): PublicOrder {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    created_at: iso(row.created_at),
    billingTerm: row.billing_term,
    paymentTerm: row.payment_term,
    summary: row.summary,
    invoiceItems: items.map(presentInvoiceItem),
    payments: paymentRows.map(({ payment_method_id: _card, ...p }) => {
      const { payment_method_id: _omit, ...shown } = presentPayment({
        ...p,
        payment_method_id: null,
      });
      return shown;
    }),
    billingAddress: billedTo(row.billing_address ?? null),
    admin_form_details: { sales_person: row.sales_person },
    account: { title: accountTitle },
  };
}
