import { utilityCommandSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Send Commands: a text command to one tracker, over data or SMS. */
export function SendCommandCard() {
  return (
    <UtilityActionForm
      action="command"
      schema={utilityCommandSchema}
      submitLabel="Send Command"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'command', label: 'Command', kind: 'textarea', required: true },
        { name: 'send_via', label: 'Send via', kind: 'segmented', options: ['data', 'sms'] },
      ]}
      initial={{ send_via: 'data' }}
    />
  );
}
