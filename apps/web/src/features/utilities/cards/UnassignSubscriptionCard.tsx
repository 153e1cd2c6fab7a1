import { serialOnlySchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Unassign Subscription: detach the subscription from the tracker. */
export function UnassignSubscriptionCard() {
  return (
    <UtilityActionForm
      action="unassign-subscription"
      schema={serialOnlySchema}
      submitLabel="Unassign Subscription"
      fields={[{ name: 'serial', label: 'Serial', kind: 'text', required: true }]}
    />
  );
}
