import { reserveRangeSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Reserve Range: reserve the inventory serials of a numeric range for one account. */
export function ReserveRangeCard() {
  return (
    <UtilityActionForm
      action="reserve-range"
      schema={reserveRangeSchema}
      submitLabel="Reserve Range"
      fields={[
        { name: 'first_serial', label: 'First serial', kind: 'text', required: true },
        { name: 'count', label: 'How many', kind: 'number', min: 1, max: 500, required: true },
        { name: 'account_id', label: 'Account', kind: 'account', required: true },
      ]}
    />
  );
}
