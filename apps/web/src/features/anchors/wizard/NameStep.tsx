import { Stack, TextInput } from '@mantine/core';
import type { StepProps } from './stepProps';

/** Step 1: what the anchor is called and the beacon it is. */
export function NameStep({ draft, errors, onChange }: StepProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        value={draft.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <TextInput
        label="Serial"
        description="The beacon's MAC address or UUID, as gateways report it"
        withAsterisk
        value={draft.serial}
        onChange={(event) => onChange({ serial: event.currentTarget.value })}
        error={errors.serial}
      />
    </Stack>
  );
}
