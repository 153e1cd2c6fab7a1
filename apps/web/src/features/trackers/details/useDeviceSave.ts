import { deviceUpdateSchema } from '@waymark/domain';
import { useUpdateDevice } from '../../../api/deviceDetails';
import { toast } from '../../../app/toast';

export const SAVED = 'Saved successfully!';
export const NOT_SAVED = 'Cannot save, please try again';

/**
 * Saves the tracker's name or note with the shared toasts; rejects on failure so an inline
 * editor can stay open.
 */
export function useDeviceSave(accountId: number, deviceId: number) {
  const update = useUpdateDevice(accountId, deviceId);
  const save = async (field: 'name' | 'note', value: string) => {
    const body = field === 'note' ? { note: value.trim() ? value : null } : { name: value };
    const parsed = deviceUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? NOT_SAVED;
      toast.error(message);
      throw new Error(message);
    }
    try {
      await update.mutateAsync(parsed.data);
      toast.success(SAVED);
    } catch (error) {
      toast.error(NOT_SAVED);
      throw error;
    }
  };
  return { save, saving: update.isPending };
}
