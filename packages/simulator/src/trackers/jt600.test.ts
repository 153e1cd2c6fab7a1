import { describe, expect, it } from 'vitest';
import { jt600Protocol } from '../../../../apps/server/src/ingest/protocols/jt600/jt600.decoder';
import { jt600Dialect } from './jt600';

// How the simulated JT600 unit reads what the server sends it.
describe('the simulated JT600 unit', () => {
  const read = (text: string) => jt600Dialect.read!(Buffer.from(text, 'latin1'));

  it('counts each (S39) or (P69,0,<index>) as the ack of one report and waits for the rest of a split answer', () => {
    expect(read('(S39)(S39)')).toEqual({ consumed: 5, acked: 1 });
    expect(read('(P69,0,3)')).toEqual({ consumed: 9, acked: 1 });
    expect(read('(S3')).toEqual({ consumed: 0 });
  });

  it('reads a command without acking anything, and refuses bytes that are no JT600 answer', () => {
    expect(read('(S17)')).toEqual({ consumed: 5, acked: 0 });
    expect(() => read('$$')).toThrow("JT600 answer must start with '(', got 2424");
  });

  it('sends the serial in every U01 report and keep-alive', () => {
    const fix = {
      time: new Date('2026-01-02T03:04:05Z'),
      lat: -33.8688,
      lng: 151.2093,
      speedKmh: 50,
      course: 90,
      altitude: 20,
      fix: 'gps' as const,
      accuracy: 5,
      satellites: 8,
      battery: 77,
      charging: false,
      ignition: true,
    };
    expect(Buffer.from(jt600Dialect.fix('350000000000042', fix, 3)).toString()).toBe(
      '(350000000000042,U01,020126,030405,T,33.868800,S,151.209300,E,31.07,90,8,77%,00000000000000,10133,5173,22,0,3)',
    );
    expect(Buffer.from(jt600Dialect.heartbeat!('350000000000042', fix, 4)).toString()).toBe(
      '(350000000000042,@JT)',
    );
  });

  it('sends a long-format unit (ID 7, 8 or 9 and nine digits) the binary record the server confirms', () => {
    const fix = {
      time: new Date('2026-01-02T03:04:05Z'),
      lat: -33.8688,
      lng: 151.2093,
      speedKmh: 50,
      course: 90,
      altitude: 20,
      fix: 'gps' as const,
      accuracy: 5,
      satellites: 8,
      battery: 77,
      charging: false,
      ignition: true,
    };
    const frame = Buffer.from(jt600Dialect.fix('8041300978', fix, 3));
    // '$', the ID in BCD, protocol version 0x19, type 0x11, length 39, the record, index 3.
    expect(frame.subarray(0, 10).toString('hex')).toBe('2480413009781911' + '0027');
    expect(frame.subarray(10, 16).toString('hex')).toBe('020126030405');
    expect([frame.length, frame.at(-1)]).toEqual([49, 3]);
    const session = jt600Protocol.createSession();
    const [message] = jt600Protocol.decode(session, frame, fix.time).messages;
    expect(Buffer.from(message!.reply!).toString('latin1')).toBe('(P69,0,3)');
    expect(message!.positions[0]).toMatchObject({
      serial: '8041300978',
      lat: -33.8688,
      lng: 151.2093,
    });
  });
});
