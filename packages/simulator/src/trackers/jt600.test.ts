import { describe, expect, it } from 'vitest';
import { jt600Dialect } from './jt600';

// How the simulated JT600 unit reads what the server sends it.
describe('the simulated JT600 unit', () => {
  const read = (text: string) => jt600Dialect.read!(Buffer.from(text, 'latin1'));

  it('counts each (S39) as the ack of one report and waits for the rest of a split answer', () => {
    expect(read('(S39)(S39)')).toEqual({ consumed: 5, acked: 1 });
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
});
