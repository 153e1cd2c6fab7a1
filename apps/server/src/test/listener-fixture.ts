import dgram from 'node:dgram';
import { afterAll, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { currentPositions, type models } from '../db/schema';
import { startListeners, type ListenerPorts } from '../ingest/listeners';
import type { TcpListener } from '../ingest/tcp-listener';
import { createAccount, createDevice, createModel, createTestApp, type TestApp } from './test-app';
import { trackerSocket } from './tracker-socket';

type OptionalListener = Exclude<keyof ListenerPorts, 'osmand' | 'gt06' | 'teltonika'>;
type Listener = keyof ListenerPorts;
type ModelProtocol = NonNullable<(typeof models.$inferInsert)['protocol']>;

/**
 * The shared set-up of a protocol listener test (Traccar's ProtocolTest plays this part): a test
 * app, the listener of `listener` on a free port (beside the three that always start), torn
 * down after the file; trackers provisioned in an account of their own; the device's end of a
 * TCP connection or a UDP socket; commands queued for it and its answers; and the rows a user
 * would see. Call it at the top of a file.
 */
export function listenerFixture(
  listener: Listener,
  options: { modelProtocol?: ModelProtocol } = {},
) {
  return listenersFixture([listener]).of(listener, options);
}

/**
 * One test app serving several listeners, for a file that plays the same test over many
 * protocols: `of(listener)` is what listenerFixture answers for that one.
 */
export function listenersFixture(listeners: readonly Listener[]) {
  let t: TestApp | undefined;
  let ingest: Awaited<ReturnType<typeof startListeners>> | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const ports: ListenerPorts = { osmand: 0, gt06: 0, teltonika: 0 };
    for (const listener of listeners) {
      if (listener !== 'osmand' && listener !== 'gt06' && listener !== 'teltonika') {
        ports[listener satisfies OptionalListener] = 0;
      }
    }
    ingest = await startListeners(t.ctx, ports, t.app.log);
  });
  afterAll(async () => {
    await ingest?.close();
    await t?.close();
  });
  const app = () => {
    if (!t) throw new Error('listenerFixture is used before its beforeAll ran');
    return t;
  };
  const running = () => {
    if (!ingest) throw new Error('listenerFixture is used before its beforeAll ran');
    return ingest;
  };
  return {
    of: (listener: Listener, options: { modelProtocol?: ModelProtocol } = {}) =>
      listenerView(app, running, listener, options),
  };
}

function listenerView(
  app: () => TestApp,
  running: () => Awaited<ReturnType<typeof startListeners>>,
  listener: Listener,
  options: { modelProtocol?: ModelProtocol },
) {
  const server = () => {
    const started = running().listeners[listener];
    if (!started) throw new Error(`the ${listener} listener did not start`);
    return started as TcpListener;
  };
  // A UDP listener serves the models of its TCP family (wialonUdp: wialon).
  const modelProtocol = options.modelProtocol ?? (listener.replace(/Udp$/, '') as ModelProtocol);
  return {
    get t() {
      return app();
    },
    get ingest() {
      return running();
    },
    /** The listener under test: its port and its counters. */
    get listener() {
      return server();
    },
    /** A tracker with this serial, of a model of the protocol, in a new account. */
    async unit(serial: string) {
      const account = await createAccount(app());
      const model = await createModel(app(), { protocol: modelProtocol });
      return createDevice(app(), account, { model_id: model.id, serial });
    },
    /** The device's end of a TCP connection to the listener. */
    tcp: () => trackerSocket(server().port),
    /** The device's UDP socket, sending to the listener. */
    udp: () => datagramSocket(server().port),
    /** Queues a command for the tracker, as the commands service does once a user sends one. */
    command(serial: string, text: string) {
      app().ctx.bus.publish('command.queued', { device_message_id: 1, serial, text });
    },
    /** Resolves with the next answer to a command a tracker sends, as `<serial> <text>`. */
    nextAnswer() {
      return new Promise<string>((resolve) => {
        const stop = app().ctx.bus.subscribe('command.answered', ({ serial, text }) => {
          stop();
          resolve(`${serial} ${text}`);
        });
      });
    },
    /** The tracker's current position row, if any. */
    async current(deviceId: number) {
      const [row] = await app()
        .db.select()
        .from(currentPositions)
        .where(eq(currentPositions.device_id, deviceId));
      return row;
    },
    /** The tracker's stored history, oldest fix first. */
    async history(deviceId: number) {
      const rows = await queryRows<{ fix_time: string | Date; lat: number; lng: number }>(
        app().db,
        sql`SELECT fix_time, lat, lng FROM positions WHERE device_id = ${deviceId} ORDER BY fix_time`,
      );
      // Raw SQL hands timestamps back as text on one driver and as dates on the other.
      return rows.map((row) => ({ ...row, fix_time: new Date(row.fix_time) }));
    },
  };
}

/** A device's UDP socket: each `answer()` waits for the server's next datagram (no sleeps). */
export async function datagramSocket(port: number) {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const answers: Buffer[] = [];
  let wake: (() => void) | undefined;
  socket.on('message', (message) => {
    answers.push(message);
    wake?.();
  });
  return {
    send: (bytes: Uint8Array | string) =>
      new Promise<void>((resolve, reject) =>
        socket.send(bytes, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
      ),
    /** The next answer. */
    answer: () =>
      new Promise<Buffer>((resolve) => {
        const check = () => {
          const next = answers.shift();
          if (next) resolve(next);
        };
        wake = check;
        check();
      }),
    /** Answers received so far and not yet taken. */
    pending: () => answers.length,
    close: () => socket.close(),
  };
}
