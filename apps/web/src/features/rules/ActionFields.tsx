import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { RULE_PLACEHOLDERS, type RuleActionType } from '@waymark/domain';
import { useTimezones } from '../../api/account';
import { useModelCommands, useModels } from '../../api/rules';

interface FieldsProps {
  type: RuleActionType;
  data: Record<string, unknown>;
  onData: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const idOf = (v: unknown) => (typeof v === 'number' ? String(v) : null);

const placeholdersHint = `Placeholders: ${RULE_PLACEHOLDERS.join(', ')}`;

/** The fields of an action of the chosen type (spec 001 §3 "Action types and data"). */
export function ActionFields({ type, data, onData, errors }: FieldsProps) {
  switch (type) {
    case 'send_command_to_tracker':
      return <CommandFields data={data} onData={onData} errors={errors} />;
    case 'send_webhook':
      return (
        <TextInput
          label="URL"
          placeholder="https://"
          value={text(data.url)}
          onChange={(e) => onData({ url: e.currentTarget.value })}
          error={errors.url}
        />
      );
    case 'send_text_message':
      return (
        <Stack gap="xs">
          <TextInput
            label="Phone number"
            value={text(data.phone_number)}
            onChange={(e) => onData({ phone_number: e.currentTarget.value })}
            error={errors.phone_number}
          />
          <Textarea
            label="Message"
            description={placeholdersHint}
            autosize
            minRows={2}
            value={text(data.message)}
            onChange={(e) => onData({ message: e.currentTarget.value })}
            error={errors.message}
          />
          <TimezoneSelect data={data} onData={onData} error={errors.timezone_id} />
        </Stack>
      );
    case 'send_email':
      return (
        <Stack gap="xs">
          <TextInput
            label="Email addresses"
            description="Separate addresses with commas"
            value={text(data.email_addresses)}
            onChange={(e) => onData({ email_addresses: e.currentTarget.value })}
            error={errors.email_addresses}
          />
          <TextInput
            label="Subject"
            value={text(data.subject)}
            onChange={(e) => onData({ subject: e.currentTarget.value })}
            error={errors.subject}
          />
          <Textarea
            label="Body"
            description={placeholdersHint}
            autosize
            minRows={3}
            value={text(data.body)}
            onChange={(e) => onData({ body: e.currentTarget.value })}
            error={errors.body}
          />
          <TimezoneSelect data={data} onData={onData} error={errors.timezone_id} />
        </Stack>
      );
  }
}

function CommandFields({ data, onData, errors }: Omit<FieldsProps, 'type'>) {
  const models = useModels();
  const model = typeof data.tracker_type === 'number' ? data.tracker_type : null;
  const commands = useModelCommands(model);
  // Categories group commands; commands with arguments need values a rule cannot give.
  const usable = (commands.data ?? []).filter((c) => !c.is_category && !c.has_arguments);
  return (
    <Stack gap="xs">
      <Select
        label="Tracker model"
        searchable
        data={(models.data ?? []).map((m) => ({ value: String(m.id), label: m.title }))}
        value={idOf(data.tracker_type)}
        onChange={(id) => onData({ tracker_type: id ? Number(id) : undefined, command: undefined })}
        nothingFoundMessage="No results"
        error={errors.tracker_type}
      />
      <Select
        label="Command"
        disabled={model === null}
        data={usable.map((c) => ({ value: String(c.id), label: c.title }))}
        value={idOf(data.command)}
        onChange={(id) => onData({ command: id ? Number(id) : undefined })}
        nothingFoundMessage="No options"
        error={errors.command}
      />
    </Stack>
  );
}

/** The zone {{time}} is written in; the browser's until another is chosen. */
function TimezoneSelect({
  data,
  onData,
  error,
}: {
  data: Record<string, unknown>;
  onData: (patch: Record<string, unknown>) => void;
  error?: string | undefined;
}) {
  const zones = useTimezones();
  return (
    <>
      <Select
        label="Time zone"
        searchable
        data={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.identifier }))}
        value={idOf(data.timezone_id)}
        onChange={(id) => onData({ timezone_id: id ? Number(id) : undefined })}
        nothingFoundMessage="No results"
        error={error}
      />
      {zones.isError && <Text size="xs">Time zones could not be loaded</Text>}
    </>
  );
}
