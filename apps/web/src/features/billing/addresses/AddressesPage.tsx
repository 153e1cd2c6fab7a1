import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { BILLING_MESSAGES } from '@waymark/domain';
import {
  useAddresses,
  useDeleteAddress,
  useSetDefaultAddress,
  type Address,
} from '../../../api/billing';
import { ApiError, serverMessageOr } from '../../../api/client';
import { confirmAction } from '../../../app/modals/confirmation';
import { modals } from '../../../app/modals/modalQueue';
import { useCurrentAccount } from '../../../app/session/useSession';
import { toast } from '../../../app/toast';
import { shouldSetDefault } from './addressForm';

const CATEGORY_TITLES = { billing: 'Billing Address', shipping: 'Shipping Address' } as const;

const oneLine = (a: Address) =>
  [a.title, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

const isDefault = (a: Address) => a.is_default === 1;

/** One category: a dropdown choosing the default, and the addresses with a delete control. */
function AddressCategory(props: {
  accountId: number;
  category: Address['category'];
  addresses: Address[];
}) {
  const { accountId, category, addresses } = props;
  const setDefault = useSetDefaultAddress(accountId);
  const remove = useDeleteAddress(accountId);
  const current = addresses.find(isDefault) ?? null;
  const title = CATEGORY_TITLES[category];

  const choose = (value: string | null) => {
    const chosen = addresses.find((a) => String(a.id) === value);
    if (!shouldSetDefault(chosen, current?.id ?? null) || !chosen) return;
    setDefault.mutate(chosen.id, {
      onSuccess: () => toast.success(BILLING_MESSAGES.defaultAddressSet),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : null),
    });
  };
  const onDelete = (address: Address) =>
    confirmAction({
      title: 'Delete Address',
      text: `Delete the ${category} address ${oneLine(address)}?`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(address.id),
      successMessage: BILLING_MESSAGES.addressDeleted,
      errorMessage: serverMessageOr(null),
    });

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={title}>
      <Stack>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Select
          label={`Default ${category} address`}
          placeholder={addresses.length ? 'Choose the default' : 'No addresses yet'}
          data={addresses.map((a) => ({ value: String(a.id), label: oneLine(a) }))}
          value={current ? String(current.id) : null}
          onChange={choose}
          disabled={setDefault.isPending || addresses.length === 0}
          allowDeselect={false}
        />
        <Stack gap={4} aria-label={`${title}es`}>
          {addresses.map((address) => (
            <Group key={address.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {oneLine(address)}
                {isDefault(address) && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (Default)
                  </Text>
                )}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${oneLine(address)}`}
                onClick={() => onDelete(address)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Addresses (spec 002 §2.3): billing and shipping, their defaults, 'Add New' and delete. */
export function AddressesPage() {
  const accountId = useCurrentAccount()?.id ?? 0;
  const addresses = useAddresses(accountId);
  const all = addresses.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Addresses
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => modals.open('new-address', { accountId })}
        >
          Add New
        </Button>
      </Group>
      {addresses.isPending ? (
        <Loader size="sm" aria-label="Loading addresses" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['billing', 'shipping'] as const).map((category) => (
            <AddressCategory
              key={category}
              accountId={accountId}
              category={category}
              addresses={all.filter((a) => a.category === category)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
