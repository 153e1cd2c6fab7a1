import { refreshPhoneSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Refresh Phone Number: the tracker's phone for SMS commands. */
export function RefreshPhoneCard() {
  return (
    <UtilityActionForm
      action="refresh-phone"
      schema={refreshPhoneSchema}
      submitLabel="Refresh Phone Number"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'phone', label: 'Phone number', kind: 'text', placeholder: '+1 312 555 0100' },
      ]}
    />
  );
}
