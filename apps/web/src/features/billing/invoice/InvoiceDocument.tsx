import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMPANY_ADDRESS, invoiceNumber, type PublicOrder } from '@waymark/domain';
import { AddressLines } from '../AddressCard';
import { formatBillingDate, money, termLabel } from '../format';
import { OrderSummaryTable } from '../orders/OrderSummaryTable';
import { InvoiceItems } from './InvoiceItems';

/** What an invoice shows: an account's order and a public order both have it. */
export type InvoiceOrder = Pick<
  PublicOrder,
  | 'id'
  | 'created_at'
  | 'billingTerm'
  | 'paymentTerm'
  | 'summary'
  | 'invoiceItems'
  | 'payments'
  | 'billingAddress'
  | 'account'
>;
type InvoicePayment = InvoiceOrder['payments'][number];

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The invoice of an order, or of one of its payments (spec 002 §2.8): seller and buyer, the
 * invoice's facts, its lines and the summary.
 */
export function InvoiceDocument(props: { order: InvoiceOrder; payment?: InvoicePayment | null }) {
  const { order, payment } = props;
  const company = COMPANY_ADDRESS;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={0} aria-label="Company address">
          <Text size="sm" fw={600}>
            {company.title}
          </Text>
          <Text size="sm">
            {company.line1}, {company.line2}
          </Text>
          <Text size="sm">
            {company.city}, {company.state} {company.zip}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Fact label="Invoice number" value={invoiceNumber(order.id, payment?.id)} />
          <Fact
            label="Invoice date"
            value={formatBillingDate(payment?.created_at ?? order.created_at)}
          />
          {payment ? (
            <>
              <Fact label="Due date" value={formatBillingDate(payment.due_date)} />
              <Fact label="Amount Due" value={money(payment.amount)} />
            </>
          ) : (
            <>
              <Fact label="Billing term" value={termLabel(order.billingTerm)} />
              <Fact label="Payment term" value={termLabel(order.paymentTerm)} />
            </>
          )}
        </Stack>
      </SimpleGrid>
      <Stack gap={2} aria-label="Billed to">
        <Text size="sm" fw={600}>
          Billed to
        </Text>
        {order.billingAddress ? (
          <AddressLines address={order.billingAddress} />
        ) : (
          <Text size="sm">{order.account.title}</Text>
        )}
      </Stack>
      <InvoiceItems items={order.invoiceItems} />
      <Divider />
      <OrderSummaryTable summary={order.summary} />
    </Stack>
  );
}
