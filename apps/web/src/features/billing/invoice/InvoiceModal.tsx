import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadOrderPdf, downloadPaymentPdf, useOrder } from '../../../api/billing';
import { ApiError } from '../../../api/client';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { modals } from '../../../app/modals/modalQueue';
import { toast } from '../../../app/toast';
import { EmptyState } from '../../../components/EmptyState';
import { BillingStatusBadge } from '../BillingStatusBadge';
import { InvoiceDocument } from './InvoiceDocument';
import { PaymentScheduleBlock } from './PaymentScheduleBlock';

/** 'Download .PDF', reading 'Generating invoice...' while the server makes the file. */
function DownloadPdf({ orderId, paymentId }: { orderId: number; paymentId?: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await (paymentId ? downloadPaymentPdf(paymentId) : downloadOrderPdf(orderId));
    } catch (error) {
      if (!(error instanceof ApiError && error.status >= 500)) {
        toast.error(error instanceof ApiError ? error.message : null);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      leftSection={<IconDownload size={16} />}
      disabled={busy}
      onClick={() => void download()}
    >
      {busy ? 'Generating invoice...' : 'Download .PDF'}
    </Button>
  );
}

/**
 * The order invoice modal (spec 002 §2.8): view mode with the status and the PDF, pay mode
 * with the payment schedule leading to the payment modal.
 */
export function InvoiceModal({ close, props }: ModalBodyProps) {
  const orderId = props.orderId as number;
  const mode = props.mode as 'view' | 'pay';
  const paymentId = props.paymentId as number | undefined;
  const query = useOrder(orderId);
  const order = query.data;
  if (query.isError) return <EmptyState title="Not found" text="This order could not be loaded." />;
  if (!order) return <Loader size="sm" aria-label="Loading invoice" />;
  const payment = paymentId ? order.payments.find((p) => p.id === paymentId) : null;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Text size="sm" c="dimmed">
            {mode === 'pay' ? 'Invoice Payment for' : 'Viewing Invoice for'}
          </Text>
          <Title order={3} size="h4">
            Order #{order.id}
          </Title>
        </div>
        {mode === 'view' && <BillingStatusBadge status={order.status} />}
      </Group>
      <InvoiceDocument order={order} payment={payment} />
      {mode === 'pay' ? (
        <PaymentScheduleBlock
          billingTerm={order.billingTerm}
          payments={order.payments}
          hasItems={order.invoiceItems.length > 0}
          onContinue={() => {
            close();
            modals.open('order-payment', { order: { kind: 'order', id: order.id } });
          }}
        />
      ) : (
        <Group justify="flex-end">
          <DownloadPdf orderId={order.id} paymentId={payment?.id} />
        </Group>
      )}
    </Stack>
  );
}
