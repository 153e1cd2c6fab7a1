import { Alert } from '@mantine/core';
import { clearDeviceSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/**
 * Clear Device: removes all tracking data of a tracker (spec 002 §2.6 warns it is
 * irreversible); the button waits until the serial is typed a second time.
 */
export function ClearDeviceCard() {
  return (
    <UtilityActionForm
      action="clear-device"
      schema={clearDeviceSchema}
      submitLabel="Clear Device"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        {
          name: 'confirm_serial',
          label: 'Type the serial again to confirm',
          kind: 'text',
          required: true,
        },
      ]}
      blocked={(values) =>
        !values.serial ||
        String(values.confirm_serial ?? '').trim() !== String(values.serial).trim()
      }
      warning={
        <Alert color="red" variant="light" p="xs">
          This is irreversible: it removes all tracking data of the tracker (positions, current
          position, events and dwell). The tracker and its subscription stay.
        </Alert>
      }
    />
  );
}
