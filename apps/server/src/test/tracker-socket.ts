import net from 'node:net';
import type { CurrentPosition } from '@waymark/domain';
import type { Bus } from '../events/bus';

/**
 * The device's end of a TCP connection to a listener, for protocol listener tests: write what
 * a tracker sends, wait for what the server answers (no sleeps: each wait resolves on data).
 */
export async function trackerSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  /** Resolves once the bytes received so far satisfy `done`, and takes them. */
  const until = (done: (bytes: Buffer) => boolean) =>
    new Promise<Buffer>((resolve, reject) => {
      const check = () => {
        if (!done(received)) return;
        const taken = received;
        received = Buffer.alloc(0);
        wake = undefined;
        resolve(taken);
      };
      wake = check;
      socket.once('close', () => reject(new Error(`connection closed; received ${taken()}`)));
      check();
    });
  const taken = () => JSON.stringify(received.toString('latin1'));
  return {
    write: (bytes: Uint8Array | string) => socket.write(bytes),
    until,
    /** Resolves with the next `text.length` bytes received, as text. */
    text: async (length: number) => (await until((b) => b.length >= length)).toString('latin1'),
    close: () => socket.destroy(),
  };
}

/** Resolves with the current position the pipeline commits next for `deviceId` that `wanted` takes. */
export function nextCommitted(
  bus: Bus,
  deviceId: number,
  wanted: (position: CurrentPosition) => boolean = () => true,
): Promise<CurrentPosition> {
  return new Promise((resolve) => {
    const stop = bus.subscribe('positions.committed', ({ positions }) => {
      const mine = positions.find((p) => p.device_id === deviceId && wanted(p.position));
      if (!mine) return;
      stop();
      resolve(mine.position);
    });
  });
}
