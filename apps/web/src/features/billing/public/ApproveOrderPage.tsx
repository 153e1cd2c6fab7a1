import {
  Alert,
  Anchor,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useParams } from 'react-router';
import { BILLING_MESSAGES, DEFAULT_SALES_PERSON, isOrderPayable } from '@waymark/domain';
import { usePublicOrder } from '../../../api/billing';
import { modals } from '../../../app/modals/modalQueue';
import { EmptyState } from '../../../components/EmptyState';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { InvoiceDocument } from '../invoice/InvoiceDocument';
import { PaymentScheduleBlock } from '../invoice/PaymentScheduleBlock';

/** Where the order's terms of sale are published. */
const TERMS_URL = '/terms-of-sale.html';

/**
 * The public invoice at /approve-order/{uuid} (spec 002 §2.5): who sent it, the invoice, the
 * payment schedule and the 'Order Payment' modal. Opened by the customer without a login.
 */
export function ApproveOrderPage() {
  const uuid = useParams().uuid ?? '';
  const query = usePublicOrder(uuid);
  const order = query.data;

  if (query.isError) {
    return (
      <Center mih="100dvh">
        <EmptyState title={BILLING_MESSAGES.notFound} text="This order link is not valid." />
      </Center>
    );
  }
  if (!order) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading order" />
      </Center>
    );
  }
  const payable = isOrderPayable(order.status);
  // The invoice is for the payment due now: the first one not paid yet.
  const due = payable ? (order.payments.find((p) => p.status !== 'succeeded') ?? null) : null;

  return (
    <Container size="md" py="xl">
      <Stack>
        <Alert color="blue" aria-label="Sender">
          <Group justify="space-between">
            <Text>
              This order has been sent to you by:{' '}
              <b>{order.admin_form_details.sales_person ?? DEFAULT_SALES_PERSON}</b>
            </Text>
            <Anchor href={TERMS_URL} target="_blank" rel="noreferrer">
              Terms of sale
            </Anchor>
          </Group>
        </Alert>
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <Group justify="space-between">
              <Title order={1} size="h3">
                Invoice for Order #{order.id}
              </Title>
              <BillingStatusBadge status={order.status} />
            </Group>
            <InvoiceDocument order={order} payment={due} />
          </Stack>
        </Paper>
        {payable && (
          <PaymentScheduleBlock
            billingTerm={order.billingTerm}
            payments={order.payments}
            hasItems={order.invoiceItems.length > 0}
            onContinue={() => modals.open('order-payment', { order: { kind: 'public', uuid } })}
          />
        )}
      </Stack>
    </Container>
  );
}
