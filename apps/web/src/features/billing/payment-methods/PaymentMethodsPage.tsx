import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCreditCard, IconPlus, IconTrash } from '@tabler/icons-react';
import { BILLING_MESSAGES, cardExpiry, isCardExpired } from '@waymark/domain';
import {
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
  type PaymentMethod,
} from '../../../api/billing';
import { ApiError, serverMessageOr } from '../../../api/client';
import { confirmAction } from '../../../app/modals/confirmation';
import { modals } from '../../../app/modals/modalQueue';
import { useCurrentAccount } from '../../../app/session/useSession';
import { toast } from '../../../app/toast';
import { brandName } from '../format';

function CardTile(props: { accountId: number; card: PaymentMethod }) {
  const { accountId, card } = props;
  const setDefault = useSetDefaultPaymentMethod(accountId);
  const remove = useDeletePaymentMethod(accountId);
  const expired = isCardExpired(card.exp_month, card.exp_year, new Date());
  const name = `${brandName(card.brand)} ending in ${card.last4}`;

  const onDelete = () =>
    confirmAction({
      title: 'Delete Payment Method',
      text: card.default
        ? `Delete ${name}? It is the default card: the newest other card becomes the default.`
        : `Delete ${name}?`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(card.id),
      successMessage: BILLING_MESSAGES.paymentMethodDeleted,
      errorMessage: serverMessageOr(BILLING_MESSAGES.paymentMethodDeleteFailed),
    });
  const onDefault = () =>
    setDefault.mutate(card.id, {
      onError: (error) => toast.error(error instanceof ApiError ? error.message : null),
    });

  return (
    <Paper withBorder radius="md" p="md" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconCreditCard size={22} aria-hidden />
            <Text fw={600}>{brandName(card.brand)}</Text>
          </Group>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Text ff="monospace">•••• {card.last4}</Text>
        <Text size="sm" c="dimmed">
          Expires {cardExpiry(card.exp_month, card.exp_year)}
        </Text>
        {expired ? (
          <Badge color="red" variant="light">
            {BILLING_MESSAGES.creditCardExpired}
          </Badge>
        ) : card.default ? (
          <Badge color="green" variant="light">
            Default
          </Badge>
        ) : (
          <Button size="xs" variant="light" onClick={onDefault} disabled={setDefault.isPending}>
            {setDefault.isPending ? BILLING_MESSAGES.settingDefault : 'Set default'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Payment Methods (spec 002 §2.3): card tiles, default, delete, 'Add New'. */
export function PaymentMethodsPage() {
  const accountId = useCurrentAccount()?.id ?? 0;
  const cards = usePaymentMethods(accountId);
  const list = cards.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Payment Methods
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => modals.open('new-payment-method', { accountId })}
        >
          Add New
        </Button>
      </Group>
      {cards.isPending ? (
        <Text c="dimmed">{BILLING_MESSAGES.loadingPaymentMethods}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{BILLING_MESSAGES.noPaymentMethods}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {list.map((card) => (
            <CardTile key={card.id} accountId={accountId} card={card} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
