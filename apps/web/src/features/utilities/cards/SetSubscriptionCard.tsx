import { setSubscriptionSchema, subscriptionStatusSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

const STATUSES = subscriptionStatusSchema.options;

/** Set Subscription: the tracker's subscription status and months. */
export function SetSubscriptionCard() {
  return (
    <UtilityActionForm
      action="subscription"
      schema={setSubscriptionSchema}
      submitLabel="Set Subscription"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          required: true,
          options: STATUSES.map((s) => ({ value: s, label: s })),
        },
        { name: 'months', label: 'Months', kind: 'number', min: 1, max: 36 },
      ]}
    />
  );
}
