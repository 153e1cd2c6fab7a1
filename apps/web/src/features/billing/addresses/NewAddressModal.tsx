import { useState } from 'react';
import { Button, Checkbox, Group, InputBase, Select, Stack, Tabs, TextInput } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { useAddAddress } from '../../../api/billing';
import { ApiError } from '../../../api/client';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { toast } from '../../../app/toast';
import { BILLING_MESSAGES, US_STATES } from '@waymark/domain';
import { addressBody, addressErrors, emptyAddress, type AddressFormValues } from './addressForm';

const STATE_OPTIONS = [...US_STATES];

/** New Address (spec 002 §2.8, §5): Billing and Shipping tabs over one form. */
export function NewAddressModal({ close, props }: ModalBodyProps) {
  const accountId = props.accountId as number;
  const add = useAddAddress(accountId);
  const [values, setValues] = useState<AddressFormValues>(() =>
    emptyAddress((props.category as AddressFormValues['category'] | undefined) ?? 'billing'),
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = () => {
    const found = addressErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(addressBody(values), {
      onSuccess: () => {
        toast.success(
          values.category === 'billing'
            ? BILLING_MESSAGES.billingAddressAdded
            : BILLING_MESSAGES.shippingAddressAdded,
        );
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0]])));
        } else toast.error(error instanceof ApiError ? error.message : null);
      },
    });
  };

  return (
    <Stack>
      <Tabs
        value={values.category}
        onChange={(tab) => tab && set('category', tab as AddressFormValues['category'])}
      >
        <Tabs.List>
          <Tabs.Tab value="billing">Billing</Tabs.Tab>
          <Tabs.Tab value="shipping">Shipping</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        label="Title"
        placeholder="Head office"
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
      />
      <TextInput
        label="Address line 1"
        withAsterisk
        value={values.line1}
        error={errors.line1}
        onChange={(e) => set('line1', e.currentTarget.value)}
      />
      <TextInput
        label="Address line 2"
        value={values.line2}
        onChange={(e) => set('line2', e.currentTarget.value)}
      />
      <TextInput
        label="City"
        withAsterisk
        value={values.city}
        error={errors.city}
        onChange={(e) => set('city', e.currentTarget.value)}
      />
      <Group grow align="flex-start">
        <Select
          label="State"
          data={STATE_OPTIONS}
          value={values.state}
          onChange={(state) => state && set('state', state as AddressFormValues['state'])}
          allowDeselect={false}
          searchable
        />
        <InputBase
          component={IMaskInput}
          mask="00000"
          label="Zip"
          withAsterisk
          value={values.zip}
          error={errors.zip}
          onAccept={(zip: string) => set('zip', zip)}
        />
      </Group>
      <TextInput label="Country" value="United States" readOnly />
      <Checkbox
        label="Set as default"
        checked={values.is_default}
        onChange={(e) => set('is_default', e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button loading={add.isPending} onClick={submit}>
          Save Address
        </Button>
      </Group>
    </Stack>
  );
}
