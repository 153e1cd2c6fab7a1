import { minutesSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/** Add/Remove Minutes: live audio minutes plus or minus n. */
export function MinutesCard() {
  return (
    <UtilityActionForm
      action="minutes"
      schema={minutesSchema}
      submitLabel="Apply"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        {
          name: 'minutes',
          label: 'Minutes',
          kind: 'number',
          description: 'A negative number removes minutes (never below 0)',
          required: true,
        },
      ]}
    />
  );
}
