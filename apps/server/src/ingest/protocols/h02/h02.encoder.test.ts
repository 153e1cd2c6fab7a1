import { describe, expect, it } from 'vitest';
import { encodeH02Command } from './h02.encoder';

const SESSION = { serial: '353505910449999' };
const NOW = new Date('2024-05-01T13:03:05Z');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('ascii');

/**
 * The command sender's commands in H02 (protocol V1.0.5 §4), written as the document writes
 * them after the terminal number; each expectation is the document's own example.
 */
describe('encodeH02Command', () => {
  it.each([
    ['Locate now', 'CR', '*HQ,353505910449999,CR#'], // §4.2
    ['Reboot', 'CQ', '*HQ,353505910449999,CQ#'], // §4.12
    ['Report interval', 'XT,30', '*HQ,353505910449999,XT,30#'], // §4.10 driving interval
    ['Device info', 'INFO', '*HQ,353505910449999,INFO#'], // §4.19
    ['Set output (engine cut)', 'S20,HHmmss,1,1', '*HQ,353505910449999,S20,130305,1,1#'], // §4.1
  ])('%s: %s', (_title, command, expected) => {
    expect(text(encodeH02Command(SESSION, command, NOW))).toBe(expected);
  });

  it('sends a complete frame as it is, adding the missing end mark', () => {
    expect(text(encodeH02Command(SESSION, '*HQ,0000000000,D1,130305,60,1', NOW))).toBe(
      '*HQ,0000000000,D1,130305,60,1#',
    );
  });

  it('refuses a device that has not identified itself, and text that would break the frame', () => {
    expect(() => encodeH02Command({}, 'CR', NOW)).toThrow(
      'before the device has sent its terminal number',
    );
    expect(() => encodeH02Command(SESSION, 'CR#XT', NOW)).toThrow("cannot hold '*' or '#'");
    expect(() => encodeH02Command(SESSION, '', NOW)).toThrow('1 to 512 printable ASCII characters');
    expect(() => encodeH02Command(SESSION, 'été', NOW)).toThrow('printable ASCII');
  });
});
