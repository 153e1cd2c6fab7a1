import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BILLING_TERMS,
  PAYMENT_TERMS,
  planLabel,
  type AdminOrderCreate,
  type BillingTerm,
  type PaymentTerm,
  type Product,
} from '@waymark/domain';
import { useCreateAdminOrder, type AdminOrder } from '../../api/admin';
import { useProducts } from '../../api/billing';
import { ApiError } from '../../api/client';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { money, termLabel } from '../billing/format';
import { CopyLinkButton } from '../shipments/CopyLinkButton';

interface Line {
  productId: string | null;
  quantity: number;
  months: string;
}

const NEW_LINE: Line = { productId: null, quantity: 1, months: '12' };

const STATUSES = [
  { value: 'pending-approval', label: 'Send for approval' },
  { value: 'quote', label: 'Quote' },
  { value: 'draft', label: 'Draft (not sent)' },
];

const productOption = (p: Product) => ({
  value: String(p.id),
  label: p.kind === 'subscription' ? p.title : `${p.title} - ${money(p.price)}`,
});

function planOptions(product: Product | undefined) {
  return (product?.plans ?? []).map((plan) => ({
    value: String(plan.months),
    label: `${planLabel(plan.months)} - ${money(plan.price)}`,
  }));
}

/** The order made: its number, total and the link the customer approves and pays it from. */
function OrderMade({ order, close }: { order: AdminOrder; close: () => void }) {
  const mail = `mailto:?subject=${encodeURIComponent(`Order #${order.id}`)}&body=${encodeURIComponent(
    `Please review and pay your order: ${order.approve_url}`,
  )}`;
  return (
    <Stack>
      <Alert color="green" title={`Order #${order.id} has been created`}>
        Total {money(order.summary.grand_total)} for {order.account.title}.
        {order.status === 'draft'
          ? ' It is a draft: the customer cannot pay it yet.'
          : ' Send the customer its approve link.'}
      </Alert>
      {order.status !== 'draft' && (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            label="Approve link"
            readOnly
            value={order.approve_url}
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group mt={24}>
            <CopyLinkButton url={order.approve_url} />
          </Group>
        </Group>
      )}
      <Group justify="flex-end">
        {order.status !== 'draft' && (
          <Anchor href={mail} size="sm">
            Send by e-mail
          </Anchor>
        )}
        <Button onClick={close}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * New Order (platform admins, from the accounts list): catalogue products, the billing and
 * payment terms that split the total into payments (spec 002 §4.4), a promo code, the sales
 * person and PO number. The server computes the summary and answers the approve link.
 */
export function NewOrderModal({ close, props }: ModalBodyProps) {
  const { accountId } = props as { accountId: number };
  const products = useProducts();
  const create = useCreateAdminOrder(accountId);
  const [lines, setLines] = useState<Line[]>([NEW_LINE]);
  const [billingTerm, setBillingTerm] = useState<BillingTerm>('up-front');
  const [paymentTerm, setPaymentTerm] = useState<PaymentTerm>('on-receipt');
  const [status, setStatus] = useState('pending-approval');
  const [promo, setPromo] = useState('');
  const [salesPerson, setSalesPerson] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const [shipping, setShipping] = useState<number>(0);
  const [error, setError] = useState<string | null>(null);

  if (create.data) return <OrderMade order={create.data} close={close} />;

  const catalogue = products.data ?? [];
  const productOf = (line: Line) => catalogue.find((p) => String(p.id) === line.productId);
  const setLine = (i: number, change: Partial<Line>) =>
    setLines((all) => all.map((l, k) => (k === i ? { ...l, ...change } : l)));
  const complete = lines.every((l) => l.productId !== null && l.quantity >= 1);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: AdminOrderCreate = {
      items: lines.map((l) => ({
        product_id: Number(l.productId),
        quantity: l.quantity,
        ...(productOf(l)?.kind === 'subscription' && { months: Number(l.months) as 1 | 12 }),
      })),
      billing_term: billingTerm,
      payment_term: paymentTerm,
      promo_code: promo.trim() || null,
      sales_person: salesPerson.trim() || null,
      po_number: poNumber.trim() || null,
      shipping_cents: Math.round(shipping * 100),
      status: status as AdminOrderCreate['status'],
    };
    create.mutate(body, {
      onError: (e) =>
        setError(
          e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : e.message,
        ),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {lines.map((line, i) => (
          <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
            <Select
              label={`Product ${i + 1}`}
              placeholder="Choose a product"
              data={catalogue.map(productOption)}
              value={line.productId}
              onChange={(productId) => setLine(i, { productId })}
              style={{ flex: 2 }}
              allowDeselect={false}
            />
            {productOf(line)?.kind === 'subscription' && (
              <Select
                label={`Plan ${i + 1}`}
                data={planOptions(productOf(line))}
                value={line.months}
                onChange={(months) => setLine(i, { months: months ?? '12' })}
                allowDeselect={false}
                style={{ flex: 1 }}
              />
            )}
            <NumberInput
              label={`Quantity ${i + 1}`}
              min={1}
              max={10_000}
              value={line.quantity}
              onChange={(v) => setLine(i, { quantity: Number(v) || 0 })}
              w={100}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={`Remove product ${i + 1}`}
              disabled={lines.length === 1}
              onClick={() => setLines((all) => all.filter((_, k) => k !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setLines((all) => [...all, NEW_LINE])}
          >
            Add Product
          </Button>
        </Group>
        <Group grow>
          <Select
            label="Billing term"
            data={BILLING_TERMS.map((t) => ({ value: t, label: termLabel(t) }))}
            value={billingTerm}
            onChange={(v) => setBillingTerm((v ?? 'up-front') as BillingTerm)}
            allowDeselect={false}
          />
          <Select
            label="Payment term"
            data={PAYMENT_TERMS.map((t) => ({ value: t, label: termLabel(t) }))}
            value={paymentTerm}
            onChange={(v) => setPaymentTerm((v ?? 'on-receipt') as PaymentTerm)}
            allowDeselect={false}
          />
        </Group>
        <Group grow>
          <TextInput
            label="Promo code"
            value={promo}
            onChange={(e) => setPromo(e.currentTarget.value)}
          />
          <NumberInput
            label="Shipping ($)"
            min={0}
            decimalScale={2}
            value={shipping}
            onChange={(v) => setShipping(Number(v) || 0)}
          />
        </Group>
        <Group grow>
          <TextInput
            label="Sales person"
            value={salesPerson}
            onChange={(e) => setSalesPerson(e.currentTarget.value)}
          />
          <TextInput
            label="PO number"
            value={poNumber}
            onChange={(e) => setPoNumber(e.currentTarget.value)}
          />
        </Group>
        <Select
          label="Status"
          data={STATUSES}
          value={status}
          onChange={(v) => setStatus(v ?? 'pending-approval')}
          allowDeselect={false}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!complete}>
            Create Order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
