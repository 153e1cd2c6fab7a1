import { InlineEdit } from './InlineEdit';
import { deviceFieldError, useDeviceSave } from './useDeviceSave';

interface NotesPanelProps {
  accountId: number;
  deviceId: number;
  note: string | null;
  canUpdate: boolean;
}

/** Notes: the tracker's note, edited in place by users who may update Devices. */
export function NotesPanel({ accountId, deviceId, note, canUpdate }: NotesPanelProps) {
  const { save, saving } = useDeviceSave(accountId, deviceId);
  return (
    <InlineEdit
      label="Note"
      value={note ?? ''}
      editable={canUpdate}
      multiline
      placeholder="No note"
      validate={(text) => deviceFieldError('note', text)}
      saving={saving}
      onSave={(text) => save('note', text)}
    />
  );
}
