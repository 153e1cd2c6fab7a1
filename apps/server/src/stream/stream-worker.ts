import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { PositionPipeline } from '../pipeline/pipeline';
import { PartitionConsumer } from './partition-consumer';
import { PartitionLeases, type PartitionLeaseOptions } from './partition-leases';
import type { PositionStream } from './position-stream';

/**
 * The worker side of the position stream: the partitions this worker's leases hold, each read
 * into the pipeline by its consumer. A partition taken over may hold devices another worker
 * moved on meanwhile, so the pipeline forgets its states first and reads them again.
 */
export async function consumeStream(
  stream: PositionStream,
  pipeline: PositionPipeline,
  db: Db,
  log: FastifyBaseLogger,
  options: PartitionLeaseOptions = {},
) {
  const consumers = new Map<number, PartitionConsumer>();
  const leases = new PartitionLeases(
    db,
    stream.name,
    stream.settings.partitions,
    {
      take: async (partition) => {
        await pipeline.forgetStates();
        const consumer = new PartitionConsumer(stream, partition, pipeline, db, log);
        consumers.set(partition, consumer);
        consumer.start();
      },
      give: async (partition) => {
        const consumer = consumers.get(partition);
        consumers.delete(partition);
        await consumer?.stop();
      },
    },
    log,
    options,
  );
  await leases.start();
  return {
    leases,
    /** Stops reading, lets the pipeline commit what it was handed, gives the partitions up. */
    stop: () => leases.stop(),
  };
}
