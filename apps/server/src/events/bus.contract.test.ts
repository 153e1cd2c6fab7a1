import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bus } from './bus';
import type { DomainEvents } from './catalogue';
import { InProcessBus } from './in-process-bus';
import { NatsBus } from './nats-bus';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const log = Fastify({ logger: false }).log;
const prefix = () => `waymark_test_${randomBytes(5).toString('hex')}`;

const opened: Bus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

const implementations: [string, () => Promise<Bus>][] = [
  ['in-process', () => Promise.resolve(new InProcessBus(log))],
  ['NATS', () => NatsBus.connect(NATS_URL, prefix(), log)],
];

const changed: DomainEvents['geofence.changed'] = { account_id: 7, geofence_id: 42 };

describe.each(implementations)('the %s bus', (_name, open) => {
  const bus = async () => {
    const b = await open();
    opened.push(b);
    return b;
  };

  it('delivers an event, as plain data, to every subscriber of its name and no other', async () => {
    const b = await bus();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const other: unknown[] = [];
    b.subscribe('geofence.changed', (e) => void first.push(e));
    b.subscribe('geofence.changed', (e) => void second.push(e));
    b.subscribe('anchor.changed', (e) => void other.push(e));
    const positions: DomainEvents['positions.committed'] = {
      positions: [
        {
          account_id: 1,
          device_id: 3,
          time: 1_700_000_000_000,
          lat: 41.5,
          lng: -87.6,
          accuracy: null,
          address: null,
          position: { device_id: 3, lat: 41.5 } as never,
        },
      ],
    };
    const received: unknown[] = [];
    b.subscribe('positions.committed', (e) => void received.push(e));
    b.publish('geofence.changed', changed);
    b.publish('positions.committed', positions);
    await b.flush();
    expect(first).toEqual([changed]);
    expect(second).toEqual([changed]);
    expect(other).toEqual([]);
    expect(received).toEqual([positions]);
  });

  it('delivers a position whose realtime shape is built when first read', async () => {
    const b = await bus();
    let built = 0;
    const received: DomainEvents['positions.committed'][] = [];
    b.subscribe('positions.committed', (e) => void received.push(e));
    b.publish('positions.committed', {
      positions: [
        {
          account_id: 1,
          device_id: 3,
          time: 1_700_000_000_000,
          lat: 41.5,
          lng: -87.6,
          accuracy: 5,
          address: 'Chicago, IL',
          get position() {
            built++;
            return { device_id: 3, lat: 41.5 } as never;
          },
        },
      ],
    });
    await b.flush();
    expect(received).toHaveLength(1);
    expect(received[0]!.positions[0]!.position).toEqual({ device_id: 3, lat: 41.5 });
    expect(received[0]!.positions[0]!.time).toBe(1_700_000_000_000);
    expect(built).toBe(1);
  });

  it('keeps the order of one publisher’s events', async () => {
    const b = await bus();
    const ids: number[] = [];
    b.subscribe('geofence.changed', (e) => void ids.push(e.geofence_id));
    for (let id = 1; id <= 50; id++)
      b.publish('geofence.changed', { account_id: 1, geofence_id: id });
    await b.flush();
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('stops delivering after unsubscribe', async () => {
    const b = await bus();
    const seen: unknown[] = [];
    const stop = b.subscribe('geofence.changed', (e) => void seen.push(e));
    b.publish('geofence.changed', changed);
    await b.flush();
    stop();
    b.publish('geofence.changed', changed);
    await b.flush();
    expect(seen).toHaveLength(1);
  });

  it('keeps a failing subscriber from the publisher and the other subscribers', async () => {
    const b = await bus();
    const seen: unknown[] = [];
    b.subscribe('geofence.changed', () => {
      throw new Error('broken handler');
    });
    b.subscribe('geofence.changed', () => Promise.reject(new Error('broken async handler')));
    b.subscribe('geofence.changed', (e) => void seen.push(e));
    expect(() => b.publish('geofence.changed', changed)).not.toThrow();
    await b.flush();
    expect(seen).toEqual([changed]);
  });

  it('waits in flush() for asynchronous subscribers to finish', async () => {
    const b = await bus();
    let finished = false;
    b.subscribe('geofence.changed', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
    });
    b.publish('geofence.changed', changed);
    await b.flush();
    expect(finished).toBe(true);
  });

  it('builds a lazily given payload for its subscribers', async () => {
    const b = await bus();
    const seen: unknown[] = [];
    b.subscribe('geofence.changed', (e) => void seen.push(e));
    b.publish('geofence.changed', () => changed);
    await b.flush();
    expect(seen).toEqual([changed]);
  });
});

describe('the in-process bus', () => {
  it('builds a lazy payload only when someone listens', () => {
    const b = new InProcessBus(log);
    let built = 0;
    b.publish('geofence.changed', () => {
      built++;
      return changed;
    });
    expect(built).toBe(0);
  });
});

describe('the NATS bus', () => {
  it('carries events between processes of one installation, and keeps installations apart', async () => {
    const shared = prefix();
    const api = await NatsBus.connect(NATS_URL, shared, log);
    const worker = await NatsBus.connect(NATS_URL, shared, log);
    const elsewhere = await NatsBus.connect(NATS_URL, prefix(), log);
    opened.push(api, worker, elsewhere);
    const atWorker: unknown[] = [];
    const atElsewhere: unknown[] = [];
    worker.subscribe('geofence.changed', (e) => void atWorker.push(e));
    elsewhere.subscribe('geofence.changed', (e) => void atElsewhere.push(e));
    await worker.flush();
    await elsewhere.flush();
    api.publish('geofence.changed', changed);
    await api.flush();
    await worker.flush();
    await elsewhere.flush();
    expect(atWorker).toEqual([changed]);
    expect(atElsewhere).toEqual([]);
  });

  it("hears only this process's own events where a follower asks for them", async () => {
    const shared = prefix();
    const worker = await NatsBus.connect(NATS_URL, shared, log);
    const other = await NatsBus.connect(NATS_URL, shared, log);
    opened.push(worker, other);
    const own: unknown[] = [];
    const everywhere: unknown[] = [];
    worker.subscribe('geofence.changed', (e) => void own.push(e), { from: 'this-process' });
    worker.subscribe('geofence.changed', (e) => void everywhere.push(e));
    await worker.flush();
    const mine = { account_id: 1, geofence_id: 1 };
    const theirs = { account_id: 2, geofence_id: 2 };
    worker.publish('geofence.changed', mine);
    other.publish('geofence.changed', theirs);
    await other.flush();
    await worker.flush();
    expect(own).toEqual([mine]);
    expect(everywhere).toEqual(expect.arrayContaining([mine, theirs]));
    expect(everywhere).toHaveLength(2);
  });

  it('carries a batch bigger than a NATS message whole, in parts', async () => {
    const shared = prefix();
    const worker = await NatsBus.connect(NATS_URL, shared, log);
    const api = await NatsBus.connect(NATS_URL, shared, log);
    opened.push(worker, api);
    const heard: number[] = [];
    api.subscribe('positions.committed', ({ positions }) => {
      for (const p of positions) heard.push(p.device_id);
    });
    await api.flush();
    // About 3 MB of JSON: over the 1 MB a NATS server takes in one message by default.
    const positions = Array.from({ length: 20_000 }, (_, i) => ({
      account_id: 1,
      device_id: i,
      time: 1_700_000_000_000 + i,
      lat: 41.5,
      lng: -87.6,
      accuracy: null,
      address: 'Near Springfield, IL, US, a long enough address to weigh',
      position: { device_id: i, lat: 41.5, lng: -87.6, speed: 12.5 } as never,
    }));
    worker.publish('positions.committed', { positions });
    await worker.flush();
    for (let i = 0; i < 50 && heard.length < positions.length; i++) await api.flush();
    expect(heard.sort((a, b) => a - b)).toEqual(positions.map((p) => p.device_id));
  });
});
