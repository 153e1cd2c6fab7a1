import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Address } from '../../api/billing';

/** An address as invoices and orders show it: title, lines, city, state and zip. */
export type AddressText = Pick<Address, 'title' | 'line1' | 'line2' | 'city' | 'state' | 'zip'>;

export function AddressLines({ address }: { address: AddressText }) {
  return (
    <Stack gap={0}>
      {address.title && (
        <Text size="sm" fw={500}>
          {address.title}
        </Text>
      )}
      <Text size="sm">{address.line1}</Text>
      {address.line2 && <Text size="sm">{address.line2}</Text>}
      <Text size="sm">
        {address.city}, {address.state} {address.zip}
      </Text>
    </Stack>
  );
}

export function AddressCard({ title, address }: { title: string; address: Address | null }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {address ? <AddressLines address={address} /> : <Text size="sm">-</Text>}
    </Paper>
  );
}
