import { setupSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Setup: a tracker's name, model, note and voice. */
export function SetupCard() {
  return (
    <UtilityActionForm
      action="setup"
      schema={setupSchema}
      submitLabel="Save Setup"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'name', label: 'Tracker name', kind: 'text' },
        { name: 'model_id', label: 'Model', kind: 'model' },
        { name: 'note', label: 'Note', kind: 'textarea' },
        { name: 'has_voice', label: 'Live audio (voice)', kind: 'switch' },
      ]}
    />
  );
}
