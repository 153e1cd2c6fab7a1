import { describe, expect, it } from 'vitest';
import { encodeWatchCommand } from './watch.encoder';

const SESSION = { serial: '8800000015', maker: 'SG' };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The command sender's commands in the Watch protocol; each frame as the document writes it. */
describe('encodeWatchCommand', () => {
  it.each([
    ['Locate now', 'CR', '[SG*8800000015*0002*CR]'],
    ['Reboot', 'RESET', '[SG*8800000015*0005*RESET]'],
    ['Report interval', 'UPLOAD,600', '[SG*8800000015*000A*UPLOAD,600]'],
    ['Device info', 'VERNO', '[SG*8800000015*0005*VERNO]'],
  ])('%s: %s', (_title, command, expected) => {
    expect(text(encodeWatchCommand(SESSION, command))).toBe(expected);
  });

  it('frames as the watch does: its maker code and, for numbered frames, an index', () => {
    expect(
      text(encodeWatchCommand({ serial: '014111001332708', maker: 'ZJ', indexed: true }, 'CR')),
    ).toBe('[ZJ*014111001332708*0001*0002*CR]');
  });

  it('refuses a watch that has not sent a frame, and text that would end the frame', () => {
    expect(() => encodeWatchCommand({}, 'CR')).toThrow('before the watch has sent a frame');
    expect(() => encodeWatchCommand(SESSION, 'CR]')).toThrow("cannot hold '[' or ']'");
    expect(() => encodeWatchCommand(SESSION, '')).toThrow('1 to 1024 printable ASCII characters');
  });
});
