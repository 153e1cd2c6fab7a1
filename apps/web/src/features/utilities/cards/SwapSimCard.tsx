import { adminSwapSimSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

/**
 * Swap SIM: moves any tracker, by serial, to another SIM card through the same swap as the
 * SIM replacement wizard (POST /admin/utilities/swap-sim).
 */
export function SwapSimCard() {
  return (
    <UtilityActionForm
      action="swap-sim"
      schema={adminSwapSimSchema}
      submitLabel="Swap SIM"
      fields={[
        { name: 'serial', label: 'Serial', kind: 'text', required: true },
        { name: 'iccid', label: 'ICCID', kind: 'text', required: true },
        {
          name: 'phone',
          label: 'Phone',
          kind: 'text',
          description: "The new card's number, when the platform does not know the card yet",
        },
      ]}
    />
  );
}
