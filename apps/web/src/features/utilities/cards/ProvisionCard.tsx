import { provisionSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Provision: register hardware into inventory, or straight into an account. */
export function ProvisionCard() {
  return (
    <UtilityActionForm
      action="provision"
      schema={provisionSchema}
      submitLabel="Provision"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'model_id', label: 'Model', kind: 'model', required: true },
        {
          name: 'account_id',
          label: 'Account',
          kind: 'account',
          description: 'Optional: assigns it to this account at once',
        },
        { name: 'name', label: 'Tracker name', kind: 'text' },
        { name: 'imei', label: 'IMEI', kind: 'text' },
        { name: 'iccid', label: 'ICCID', kind: 'text' },
        { name: 'phone', label: 'Phone', kind: 'text' },
      ]}
    />
  );
}
