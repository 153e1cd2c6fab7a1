import { assignSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Assign: make an inventory (or reserved) serial a tracker of an account. */
export function AssignCard() {
  return (
    <UtilityActionForm
      action="assign"
      schema={assignSchema}
      submitLabel="Assign"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'account_id', label: 'Account', kind: 'account', required: true },
        { name: 'name', label: 'Tracker name', kind: 'text' },
      ]}
    />
  );
}
