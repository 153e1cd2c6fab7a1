import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { PartitionLeases, type PartitionOwner } from './partition-leases';

/**
 * Issue 40: the position stream's partitions are spread over the live workers, each held by
 * one at a time; a worker that stops renewing (killed) loses its partitions to the others, and
 * one that joins gets its share.
 */

const log = Fastify({ logger: false }).log;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PARTITIONS = 8;
const FAST = { leaseMs: 600, everyMs: 100 };

/** A worker's partitions as its owner was told: taken and not given back since. */
function recordingOwner() {
  const held = new Set<number>();
  const owner: PartitionOwner = {
    take: (p) => {
      if (held.has(p)) throw new Error(`partition ${p} taken twice`);
      held.add(p);
      return Promise.resolve();
    },
    give: (p) => {
      held.delete(p);
      return Promise.resolve();
    },
  };
  return { owner, held };
}

async function until(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('the position stream partitions', () => {
  it('go to one worker at a time, half each for two, and all to the survivor of a kill', async () => {
    const stream = `leases_${Date.now()}`;
    const a = recordingOwner();
    const b = recordingOwner();
    const first = new PartitionLeases(t.db, stream, PARTITIONS, a.owner, log, FAST);
    await first.start();
    expect(first.holding).toHaveLength(PARTITIONS);

    const second = new PartitionLeases(t.db, stream, PARTITIONS, b.owner, log, FAST);
    await second.start();
    await until(() => a.held.size === PARTITIONS / 2 && b.held.size === PARTITIONS / 2);
    expect([a.held.size, b.held.size]).toEqual([PARTITIONS / 2, PARTITIONS / 2]);
    const all = [...a.held, ...b.held].sort((x, y) => x - y);
    expect(all).toEqual([...Array(PARTITIONS).keys()]);

    // Killed: it stops renewing and gives nothing back; its leases run out.
    (first as unknown as { stopped: boolean }).stopped = true;
    await until(() => b.held.size === PARTITIONS);
    expect(b.held.size).toBe(PARTITIONS);
    await second.stop();
    expect(b.held.size).toBe(0);
  });
});
