import { serialOnlySchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Deactivate: block the tracker's subscription. */
export function DeactivateCard() {
  return (
    <UtilityActionForm
      action="deactivate"
      schema={serialOnlySchema}
      submitLabel="Deactivate"
      fields={[{ name: 'serial', label: 'Serial', kind: 'text', required: true }]}
    />
  );
}
