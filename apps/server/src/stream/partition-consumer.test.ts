import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { committedOffset, StreamGapError } from '../pipeline/stream-marks';
import { MACHINE_NATS_URL } from '../test/machine-postgres';
import { createAccount, createDevice, createTestApp, type TestApp } from '../test/test-app';
import { drive } from '../test/drives';
import { PartitionConsumer } from './partition-consumer';
import { PositionStream } from './position-stream';
import { StreamSink } from './stream-sink';

/**
 * Issue 40: a partition of the position stream goes into the pipeline once. The offset is
 * committed with the reports, so a partition read again (a worker restarted, another taking
 * it over) hands the pipeline only what came after; marks that do not follow on from the
 * stored offset roll their batch back.
 */

const log = Fastify({ logger: false }).log;
let t: TestApp;
let stream: PositionStream;
beforeAll(async () => {
  t = await createTestApp();
  stream = await PositionStream.open(
    {
      url: MACHINE_NATS_URL,
      prefix: `consumer_${randomBytes(4).toString('hex')}`,
      partitions: 4,
      replicas: 1,
    },
    log,
  );
});
afterAll(async () => {
  await stream.manager.streams.delete(stream.name).catch(() => undefined);
  await stream.close();
  await t.close();
});

/** Positions table rows of the device (partitioned in SQL, so not in the drizzle schema). */
const storedOf = async (deviceId: number) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.db,
        sql`SELECT count(*) AS n FROM positions WHERE device_id = ${deviceId}`,
      )
    )[0]!.n,
  );

async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('a partition of the position stream', () => {
  it('hands each message to the pipeline once, however often the partition is read', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    const partition = stream.partitionOf(device.serial);
    const sink = new StreamSink(stream);
    const fixes = drive(device.serial, Date.UTC(2026, 10, 30, 8), [{ minutes: 5, kmh: 40 }]);
    for (const fix of fixes.slice(0, 6)) await sink.submit([fix], 'osmand');

    const first = new PartitionConsumer(stream, partition, t.ctx.pipeline, t.db, log);
    first.start();
    await until(async () => (await storedOf(device.id)) === 6);
    await first.stop();
    const handed = t.ctx.pipeline.stats.stored;
    const offset = await committedOffset(t.db, stream.name, partition);
    expect(offset).toBeGreaterThan(0);

    // Read again from the start of what the stream still holds: only the new report is new.
    for (const fix of fixes.slice(6, 7)) await sink.submit([fix], 'osmand');
    const again = new PartitionConsumer(stream, partition, t.ctx.pipeline, t.db, log);
    again.start();
    await until(async () => (await storedOf(device.id)) === 7);
    await again.stop();
    expect(await storedOf(device.id)).toBe(7);
    expect(t.ctx.pipeline.stats.stored - handed).toBe(1);
    expect(await committedOffset(t.db, stream.name, partition)).toBeGreaterThan(offset);
  });

  it('rolls a batch back when its mark does not follow on from the stored offset', async () => {
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    const [fix] = drive(device.serial, Date.UTC(2026, 10, 30, 9), [{ minutes: 1, kmh: 40 }]);
    const mark = { stream: 'gap-test', partition: 0, seq: 10, after: 9 };
    await expect(t.ctx.pipeline.submit([fix!], 'osmand', undefined, [], mark)).rejects.toThrow(
      StreamGapError,
    );
    expect(await storedOf(device.id)).toBe(0);
    expect(await committedOffset(t.db, 'gap-test', 0)).toBe(0);
    // From the stored offset (none yet: 0) it is taken.
    await t.ctx.pipeline.submit([fix!], 'osmand', undefined, [], { ...mark, after: 0 });
    expect(await storedOf(device.id)).toBe(1);
    expect(await committedOffset(t.db, 'gap-test', 0)).toBe(10);
  });
});
