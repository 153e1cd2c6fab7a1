import { bulkCommandSchema, splitSerials } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Send Bulk Command: one text command to many trackers; failures are named in the result. */
export function SendBulkCommandCard() {
  return (
    <UtilityActionForm
      action="bulk-command"
      schema={bulkCommandSchema}
      submitLabel="Send to All"
      initial={{ send_via: 'data' }}
      fields={[
        {
          name: 'serials',
          label: 'Serials',
          kind: 'textarea',
          required: true,
          description: 'Up to 100, separated by commas, spaces or new lines',
        },
        { name: 'command', label: 'Command', kind: 'textarea', required: true },
        { name: 'send_via', label: 'Send via', kind: 'segmented', options: ['data', 'sms'] },
      ]}
      toBody={(values) => ({
        serials: splitSerials(String(values.serials ?? '')),
        command: values.command ?? '',
        send_via: values.send_via,
      })}
    />
  );
}
