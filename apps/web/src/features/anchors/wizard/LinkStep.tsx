import { Select, Stack, Textarea } from '@mantine/core';
import { useGeofences } from '../../../api/geofences';
import type { StepProps } from './stepProps';

/** Step 3: the geofence the anchor belongs to (optional) and free notes. */
export function LinkStep({
  accountId,
  draft,
  errors,
  onChange,
}: StepProps & { accountId: number }) {
  const geofences = useGeofences(accountId);
  const options = (geofences.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <Stack gap="sm">
      <Select
        label="Linked geofence"
        placeholder={geofences.isPending ? 'Loading geofences…' : 'None'}
        data={options}
        value={draft.geofence_id === null ? null : String(draft.geofence_id)}
        onChange={(value) => onChange({ geofence_id: value ? Number(value) : null })}
        searchable
        clearable
        nothingFoundMessage="No geofences found"
        error={errors.geofence_id}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={3}
        maxRows={8}
        value={draft.notes}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
        error={errors.notes}
      />
    </Stack>
  );
}
