import { describe, expect, it } from 'vitest';
import type { Command } from '@waymark/domain';
import {
  ARGUMENT_REQUIRED,
  buildCommand,
  channelsOf,
  commandArguments,
  fillCommand,
  type CommandChoice,
} from './commandArgs';

const template = (over: Partial<Command> = {}): Command => ({
  id: 3,
  title: 'Set interval',
  description: null,
  commands: 'TIMER,__moving__,__parked__#',
  has_arguments: true,
  is_category: false,
  translation: 'Report interval',
  is_sent_via_data: true,
  is_sent_via_sms: true,
  is_sent_via_sos: false,
  ...over,
});

const choice = (over: Partial<CommandChoice> = {}): CommandChoice => ({
  command: template(),
  custom: false,
  args: {},
  customText: '',
  via: 'sms',
  ...over,
});

describe('command arguments', () => {
  it('reads the __name__ placeholders once each, keeping underscores inside names', () => {
    expect(commandArguments('TIMER,__moving__,__parked__#')).toEqual(['moving', 'parked']);
    expect(commandArguments('SOS,A,__phone_number__,__phone_number__#')).toEqual(['phone_number']);
    expect(commandArguments('RESET#')).toEqual([]);
  });

  it('replaces each placeholder with its typed value', () => {
    expect(fillCommand('TIMER,__moving__,__parked__#', { moving: '30', parked: ' 3600 ' })).toBe(
      'TIMER,30,3600#',
    );
    expect(fillCommand('SOS,__n__,__n__', { n: '5' })).toBe('SOS,5,5');
  });
});

describe('command form', () => {
  it('asks for a command when none is chosen', () => {
    expect(buildCommand(choice({ command: null }))).toEqual({
      ok: false,
      field: 'command',
      message: 'Please select a command to send',
    });
  });

  it('asks for the text of an empty custom command', () => {
    expect(buildCommand(choice({ command: null, custom: true, customText: '  ' }))).toEqual({
      ok: false,
      field: 'custom',
      message: 'Please provide a command to send',
    });
  });

  it('sends a custom command by the chosen channel, sms by default', () => {
    const result = buildCommand(choice({ command: null, custom: true, customText: 'STATUS#' }));
    expect(result).toEqual({
      ok: true,
      body: { id: null, payload: { command: 'STATUS#' }, send_via: ['sms'] },
    });
    const data = buildCommand(
      choice({ command: null, custom: true, customText: 'STATUS#', via: 'data' }),
    );
    expect(data.ok && data.body.send_via).toEqual(['data']);
  });

  it('needs every argument, then sends the filled template', () => {
    expect(buildCommand(choice({ args: { moving: '30' } }))).toEqual({
      ok: false,
      field: 'arg:parked',
      message: ARGUMENT_REQUIRED,
    });
    expect(buildCommand(choice({ args: { moving: '30', parked: '600' } }))).toEqual({
      ok: true,
      body: {
        id: 3,
        payload: { command: 'TIMER,30,600#' },
        send_via: ['sms'],
        translation: 'Report interval',
      },
    });
  });

  it('keeps a template to the channels it supports', () => {
    const dataOnly = template({ is_sent_via_sms: false });
    expect(channelsOf(dataOnly)).toEqual(['data']);
    const result = buildCommand(choice({ command: dataOnly, args: { moving: '1', parked: '2' } }));
    expect(result.ok && result.body.send_via).toEqual(['data']);
  });
});
