import { assignRangeSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Assign Range: make the inventory serials of a numeric range trackers of an account. */
export function AssignRangeCard() {
  return (
    <UtilityActionForm
      action="assign-range"
      schema={assignRangeSchema}
      submitLabel="Assign Range"
      fields={[
        { name: 'first_serial', label: 'First serial', kind: 'text', required: true },
        { name: 'count', label: 'How many', kind: 'number', min: 1, max: 500, required: true },
        { name: 'account_id', label: 'Account', kind: 'account', required: true },
      ]}
    />
  );
}
