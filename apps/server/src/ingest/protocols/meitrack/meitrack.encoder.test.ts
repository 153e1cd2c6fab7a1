import { describe, expect, it } from 'vitest';
import { meitrackChecksum } from './meitrack.checksum';
import { encodeMeitrackCommand } from './meitrack.encoder';

const SESSION = { serial: '353358017784062' };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The command sender's commands in the Meitrack GPRS protocol. */
describe('encodeMeitrackCommand', () => {
  it.each([
    ['Locate now', 'A10'],
    ['Reboot (restart the GSM module)', 'F01'],
    ['Report interval (60 s)', 'A12,6'],
    ['Device info', 'E91'],
    ['Set output A on', 'C01,0,12222'],
  ])('%s: %s', (_title, command) => {
    const frame = text(encodeMeitrackCommand(SESSION, command));
    const content = `,353358017784062,${command}*`;
    const length = content.length + 4;
    const head = `@@Q${length}${content}`;
    expect(frame).toBe(`${head}${meitrackChecksum(Buffer.from(head))}\r\n`);
  });

  it('frames A10 as the protocol document does', () => {
    expect(text(encodeMeitrackCommand(SESSION, 'A10'))).toBe('@@Q25,353358017784062,A10*6A\r\n');
  });

  it('refuses a unit that has not reported, and text that is not a command', () => {
    expect(() => encodeMeitrackCommand({}, 'A10')).toThrow('before the unit has reported');
    expect(() => encodeMeitrackCommand(SESSION, 'locate')).toThrow(
      'must start with its 3-character code',
    );
    expect(() => encodeMeitrackCommand(SESSION, 'A10*00')).toThrow("hold no '*'");
  });
});
