import { reserveSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Reserve: set an inventory serial aside for one account. */
export function ReserveCard() {
  return (
    <UtilityActionForm
      action="reserve"
      schema={reserveSchema}
      submitLabel="Reserve"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'account_id', label: 'Account', kind: 'account', required: true },
      ]}
    />
  );
}
