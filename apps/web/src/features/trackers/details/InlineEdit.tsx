import { useState } from 'react';
import { ActionIcon, Button, Group, Text, Textarea, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

interface InlineEditProps {
  label: string;
  value: string;
  /** False shows the value only (no permission to update Devices). */
  editable: boolean;
  multiline?: boolean;
  placeholder?: string;
  saving: boolean;
  /** Resolves when saved; a rejection keeps the editor open with the typed text. */
  onSave: (value: string) => Promise<unknown>;
  /** What is wrong with the typed text, shown under it as it is typed (Save waits). */
  validate?: ((value: string) => string | undefined) | undefined;
}

/**
 * Shows a value with an edit button; in edit mode Save is enabled only when the text
 * changed, and Cancel puts the saved value back (spec 000 §2.5).
 */
export function InlineEdit({
  label,
  value,
  editable,
  multiline = false,
  placeholder,
  saving,
  onSave,
  validate,
}: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} flex={1}>
          {value || (
            <Text span c="dimmed" size="sm">
              {placeholder ?? '-'}
            </Text>
          )}
        </Text>
        {editable && (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Edit ${label.toLowerCase()}`}
            onClick={() => {
              setText(value);
              setEditing(true);
            }}
          >
            <IconPencil size={14} />
          </ActionIcon>
        )}
      </Group>
    );
  }

  const error = text === value ? undefined : validate?.(text);
  const save = () => {
    if (error) return;
    onSave(text).then(
      () => setEditing(false),
      // The caller has shown why; the text stays so nothing typed is lost.
      () => undefined,
    );
  };
  const Input = multiline ? Textarea : TextInput;
  return (
    <div>
      <Input
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        autoFocus
        {...(multiline ? { autosize: true, minRows: 2, maxRows: 8 } : {})}
      />
      <Group gap="xs" mt="xs" justify="flex-end">
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            setText(value);
            setEditing(false);
          }}
        >
          Cancel
        </Button>
        <Button
          size="xs"
          onClick={save}
          disabled={text === value || error !== undefined}
          loading={saving}
        >
          Save
        </Button>
      </Group>
    </div>
  );
}
