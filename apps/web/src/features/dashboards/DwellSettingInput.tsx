import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { DWELL_MESSAGES, parseDwellInput, type DwellSettingField } from '@waymark/domain';
import { useUpdateDwellSetting } from '../../api/dwell';
import { toast } from '../../app/toast';
import { dwellEditFailure } from './dwellEditFailure';
import { SETTING_LABELS } from './dwellDisplay';

interface DwellSettingInputProps {
  accountId: number;
  geofenceId: number;
  geofenceName: string;
  field: DwellSettingField;
  value: number | null;
  /** False shows the value only (no permission to manage Geofences). */
  editable: boolean;
}

const shown = (value: number | null) => (value === null ? '' : String(value));

/**
 * One inline edit of the dwell table (spec 000 §2.9): saved on Enter or when the box loses
 * focus; text that is not a number is refused, and a failed save puts the stored value back.
 */
export function DwellSettingInput({
  accountId,
  geofenceId,
  geofenceName,
  field,
  value,
  editable,
}: DwellSettingInputProps) {
  const update = useUpdateDwellSetting(accountId);
  // What the user is typing; null while the box shows the stored value.
  const [draft, setDraft] = useState<string | null>(null);
  const label = SETTING_LABELS[field];

  if (!editable) return <Text size="sm">{value ?? '-'}</Text>;

  const revert = () => setDraft(null);
  const commit = () => {
    if (draft === null || draft.trim() === shown(value)) return revert();
    const parsed = parseDwellInput(draft);
    if (!parsed.ok) {
      toast.error(DWELL_MESSAGES.notANumber);
      return revert();
    }
    update.mutate(
      { geofenceId, field, value: parsed.value },
      {
        onSuccess: () => {
          revert();
          toast.success('Updated!');
        },
        onError: (error) => {
          revert();
          const message = dwellEditFailure(error, label);
          if (message) toast.error(message);
        },
      },
    );
  };

  return (
    <TextInput
      size="xs"
      w={72}
      inputMode="decimal"
      aria-label={`${label} of ${geofenceName}`}
      value={draft ?? shown(value)}
      disabled={update.isPending}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') revert();
      }}
    />
  );
}
