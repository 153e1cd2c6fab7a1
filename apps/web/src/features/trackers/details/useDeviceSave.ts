import { deviceUpdateSchema, firstFieldErrors } from '@waymark/domain';
import { useUpdateDevice } from '../../../api/deviceDetails';
import { toast } from '../../../app/toast';

export const SAVED = 'Saved successfully!';
export const NOT_SAVED = 'Cannot save, please try again';

type DeviceField = 'name' | 'note';

const bodyOf = (field: DeviceField, value: string) =>
  field === 'note' ? { note: value.trim() ? value : null } : { name: value };

/**
 * What is wrong with a typed name or note, by the schema the server checks the call with
 * ('Name is required'); undefined when it may be saved.
 */
export function deviceFieldError(field: DeviceField, value: string): string | undefined {
  const parsed = deviceUpdateSchema.safeParse(bodyOf(field, value));
  if (parsed.success) return undefined;
  const errors = firstFieldErrors(parsed.error.issues);
  return errors[field] ?? Object.values(errors)[0] ?? NOT_SAVED;
}

/**
 * Saves the tracker's name or note with the shared toasts; rejects on failure so an inline
 * editor can stay open. A value the schema refuses is said in place (`deviceFieldError`).
 */
export function useDeviceSave(accountId: number, deviceId: number) {
  const update = useUpdateDevice(accountId, deviceId);
  const save = async (field: DeviceField, value: string) => {
    const parsed = deviceUpdateSchema.safeParse(bodyOf(field, value));
    if (!parsed.success) throw new Error(deviceFieldError(field, value));
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
