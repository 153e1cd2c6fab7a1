import { describe, expect, it } from 'vitest';
import { parseCliOptions, parsePorts } from './cli-options';

const NOW = new Date('2024-05-01T12:00:00Z');

describe('simulate CLI options', () => {
  it('defaults to 100 devices against 127.0.0.1, every 30 s, an even mix', () => {
    expect(parseCliOptions([], NOW)).toEqual({
      help: false,
      options: {
        host: '127.0.0.1',
        devices: 100,
        rate: 1 / 30,
        mix: { osmand: 1, gt06: 1, teltonika: 1 },
        serialPrefix: '35000',
      },
    });
  });

  it('reads every flag', () => {
    const parsed = parseCliOptions(
      [
        '--devices=1000',
        '--rate',
        '0.5',
        '--host',
        '10.0.0.2',
        '--mix',
        '1:0:3',
        '--serial-prefix',
        '86',
        '--ports',
        '6055::6027',
        '--duration',
        '120',
        '--history-days',
        '2',
      ],
      NOW,
    );
    expect(parsed).toEqual({
      help: false,
      options: {
        host: '10.0.0.2',
        devices: 1000,
        rate: 0.5,
        mix: { osmand: 1, gt06: 0, teltonika: 3 },
        serialPrefix: '86',
        ports: { osmand: 6055, teltonika: 6027 },
        durationS: 120,
        historyFrom: new Date('2024-04-29T12:00:00Z'),
      },
    });
  });

  it('says which flag is wrong and what it accepts', () => {
    expect(() => parseCliOptions(['--devices', '1.5'])).toThrow(
      '--devices must be a positive integer, got "1.5"',
    );
    expect(() => parseCliOptions(['--rate=0'])).toThrow('--rate must be a positive number');
    expect(() => parsePorts('5055:70000')).toThrow('gt06 port must be 1 to 65535, got "70000"');
    expect(() => parseCliOptions(['--speed', '3'])).toThrow("Unknown option '--speed'");
  });

  it('answers --help', () => {
    expect(parseCliOptions(['--help'])).toEqual({ help: true });
  });
});
