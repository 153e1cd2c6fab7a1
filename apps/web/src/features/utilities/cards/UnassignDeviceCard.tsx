import { serialOnlySchema } from '@waymark/domain';
import { Text } from '@mantine/core';
import { UtilityActionForm } from '../UtilityActionForm';

/** Unassign Device: take a tracker out of its account, back to inventory (its history is removed). */
export function UnassignDeviceCard() {
  return (
    <UtilityActionForm
      action="unassign-device"
      schema={serialOnlySchema}
      submitLabel="Unassign Device"
      fields={[{ name: 'serial', label: 'Serial', kind: 'text', required: true }]}
      warning={
        <Text size="xs" c="dimmed">
          The tracker's history, shipments and reports are removed with it.
        </Text>
      }
    />
  );
}
