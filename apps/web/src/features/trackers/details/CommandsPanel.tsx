import { useState } from 'react';
import {
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { COMMAND_MESSAGES, type Command } from '@waymark/domain';
import { useDeviceCommands, useSendCommand } from '../../../api/deviceDetails';
import { toast } from '../../../app/toast';
import {
  buildCommand,
  channelsOf,
  commandArguments,
  type CommandChoice,
  type SendVia,
} from './commandArgs';
import { failureMessage } from './feedback';
import { MessageLog } from './MessageLog';

/** The Select value of the custom command; template ids are numeric strings. */
const CUSTOM = 'custom';
const CUSTOM_LABEL = 'Custom command';

interface CommandsPanelProps {
  deviceId: number;
  canSend: boolean;
  customAllowed: boolean;
}

const EMPTY: CommandChoice = { command: null, custom: false, args: {}, customText: '', via: 'sms' };

/**
 * Commands: pick a template, fill its arguments and send; or type a custom command when the
 * account allows it. The message log below shows what went to and came from the tracker.
 */
export function CommandsPanel({ deviceId, canSend, customAllowed }: CommandsPanelProps) {
  const commands = useDeviceCommands(deviceId, canSend);
  const send = useSendCommand(deviceId);
  const [choice, setChoice] = useState<CommandChoice>(EMPTY);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  const templates = (commands.data ?? []).filter((c) => !c.is_category);
  const options = [
    ...templates.map((c) => ({ value: String(c.id), label: c.title })),
    ...(customAllowed ? [{ value: CUSTOM, label: CUSTOM_LABEL }] : []),
  ];
  const selected = choice.custom ? CUSTOM : choice.command ? String(choice.command.id) : null;
  const channels = channelsOf(choice.custom ? null : choice.command);

  const pick = (value: string | null) => {
    setError(null);
    const command: Command | null = templates.find((c) => String(c.id) === value) ?? null;
    const via: SendVia = channelsOf(command)[0] ?? 'sms';
    setChoice({ ...EMPTY, command, custom: value === CUSTOM, via });
  };

  const submit = () => {
    const checked = buildCommand(choice);
    if (!checked.ok) {
      setError(checked);
      return;
    }
    setError(null);
    send.mutate(checked.body, {
      onSuccess: () => {
        toast.success(COMMAND_MESSAGES.sent);
        setChoice((c) => ({ ...c, args: {}, customText: '' }));
      },
      onError: (failure) => {
        const message = failureMessage(failure, COMMAND_MESSAGES.failed);
        if (message) toast.error(message);
      },
    });
  };

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <Stack gap="md">
      {canSend && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Select
              label="Command"
              placeholder={commands.isPending ? 'Loading commands…' : 'Select a command'}
              data={options}
              value={selected}
              onChange={pick}
              error={errorFor('command')}
              searchable
              nothingFoundMessage="No commands"
            />
            {choice.command?.description && (
              <Text size="xs" c="dimmed">
                {choice.command.description}
              </Text>
            )}
            {choice.command &&
              commandArguments(choice.command.commands).map((name) => (
                <TextInput
                  key={name}
                  label={name.replace(/_/g, ' ')}
                  value={choice.args[name] ?? ''}
                  error={errorFor(`arg:${name}`)}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setChoice((c) => ({ ...c, args: { ...c.args, [name]: value } }));
                  }}
                />
              ))}
            {choice.custom && (
              <Textarea
                label="Command text"
                value={choice.customText}
                error={errorFor('custom')}
                autosize
                minRows={2}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setChoice((c) => ({ ...c, customText: value }));
                }}
              />
            )}
            {(choice.custom || choice.command) && channels.length > 1 && (
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Send via
                </Text>
                <SegmentedControl
                  size="xs"
                  value={choice.via}
                  onChange={(via) => setChoice((c) => ({ ...c, via: via as SendVia }))}
                  data={[
                    { value: 'sms', label: 'SMS' },
                    { value: 'data', label: 'Data' },
                  ]}
                />
              </div>
            )}
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={send.isPending}>
                Send command
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <MessageLog deviceId={deviceId} />
    </Stack>
  );
}
