import { changeDeviceTypeSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Change Device Type: the model of a tracker or inventory serial. */
export function ChangeDeviceTypeCard() {
  return (
    <UtilityActionForm
      action="change-device-type"
      schema={changeDeviceTypeSchema}
      submitLabel="Change Type"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'model_id', label: 'Model', kind: 'model', required: true },
      ]}
    />
  );
}
