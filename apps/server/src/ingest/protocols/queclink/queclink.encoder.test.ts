import { describe, expect, it } from 'vitest';
import { encodeQueclinkCommand } from './queclink.encoder';

const SESSION = { serial: '860599000773978' };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('ascii');

/** The command sender's commands as @Track AT+GT lines (TRACGL300AN001 §3.2, AT+GTRTO). */
describe('encodeQueclinkCommand', () => {
  it.each([
    ['Locate now', 'AT+GTRTO=gl300,1,,,,,,FFFF$'],
    ['Reboot', 'AT+GTRTO=gl300,3,,,,,,FFFF$'],
    ['Device info (firmware version)', 'AT+GTRTO=gl300,8,,,,,,FFFF$'],
  ])('%s: %s', (_title, command) => {
    expect(text(encodeQueclinkCommand(SESSION, command))).toBe(command);
  });

  it('adds the $ a template left out', () => {
    expect(text(encodeQueclinkCommand(SESSION, 'AT+GTRTO=gl300,1,,,,,,0001'))).toBe(
      'AT+GTRTO=gl300,1,,,,,,0001$',
    );
  });

  it('refuses a unit that has not reported, and text that is not one AT+GT line', () => {
    expect(() => encodeQueclinkCommand({}, 'AT+GTRTO=gl300,1,,,,,,FFFF$')).toThrow(
      'before the unit has reported',
    );
    expect(() => encodeQueclinkCommand(SESSION, 'reboot')).toThrow('must be one AT+GTxxx=... line');
    expect(() => encodeQueclinkCommand(SESSION, 'AT+GTRTO=gl300,1$AT+GTRTO=gl300,3')).toThrow(
      'must be one AT+GTxxx=... line',
    );
  });
});
