import {
  COMMAND_MESSAGES,
  sendCommandSchema,
  type Command,
  type SendCommand,
} from '@waymark/domain';

const PLACEHOLDER = /__([A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)__/g;

/** The argument names of a command template: its `__name__` placeholders, each once. */
export function commandArguments(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** The template with each placeholder replaced by the typed value (spec 001 §5). */
export function fillCommand(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]?.trim() ?? '');
}

export type SendVia = 'sms' | 'data';

/** What the command form holds: a template, or null for the custom command. */
export interface CommandChoice {
  command: Command | null;
  custom: boolean;
  args: Record<string, string>;
  customText: string;
  via: SendVia;
}

export type CommandCheck =
  | { ok: true; body: SendCommand }
  | { ok: false; field: 'command' | 'custom' | `arg:${string}`; message: string };

export const ARGUMENT_REQUIRED = 'Please fill in this argument';

/** The channels a template may go by; a custom command may go by either. */
export function channelsOf(command: Command | null): SendVia[] {
  if (!command) return ['sms', 'data'];
  const via: SendVia[] = [];
  if (command.is_sent_via_sms) via.push('sms');
  if (command.is_sent_via_data) via.push('data');
  return via.length ? via : ['sms'];
}

/**
 * Checks the form and builds the request of POST /devices/{id}/commands, with the spec's
 * messages: nothing chosen, or a custom command left empty. Every argument must be filled,
 * since a command with a hole in it would reach the tracker malformed.
 */
export function buildCommand(choice: CommandChoice): CommandCheck {
  if (choice.custom) {
    const parsed = sendCommandSchema.safeParse({
      id: null,
      payload: { command: choice.customText },
      send_via: [choice.via],
    });
    if (!parsed.success) {
      return { ok: false, field: 'custom', message: COMMAND_MESSAGES.provideCommand };
    }
    return { ok: true, body: parsed.data };
  }
  const { command } = choice;
  if (!command) return { ok: false, field: 'command', message: COMMAND_MESSAGES.selectCommand };
  const missing = commandArguments(command.commands).find((name) => !choice.args[name]?.trim());
  if (missing) return { ok: false, field: `arg:${missing}`, message: ARGUMENT_REQUIRED };
  const via = channelsOf(command).includes(choice.via) ? choice.via : channelsOf(command)[0];
  return {
    ok: true,
    body: {
      id: command.id,
      payload: { command: fillCommand(command.commands, choice.args) },
      send_via: [via ?? 'sms'],
      translation: command.translation,
    },
  };
}
