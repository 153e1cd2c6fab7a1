import type { FastifyBaseLogger } from 'fastify';
import { DeliverPolicy, type ConsumerMessages } from 'nats';
import type { Db } from '../db/client';
import { advanceMarks, committedOffset, type StreamMark } from '../pipeline/stream-marks';
import type { PositionPipeline } from '../pipeline/pipeline';
import type { PositionStream } from './position-stream';
import { decodeMessage } from './stream-reports';

/** Reports handed to the pipeline and not yet committed, before the consumer waits. */
const MAX_IN_FLIGHT = 200;
/** How long a consumer whose batch failed waits before it reads on from the offset. */
const RETRY_MS = 1000;
/** How often the stored messages are purged from the stream. */
const PURGE_EVERY_MS = 5000;

/**
 * One partition of the position stream into this worker's pipeline, in the stream's order,
 * from the offset committed in PostgreSQL: an ordered consumer (no acks: the offset, written
 * with the reports, is what says a message is done), so a worker killed between its commit
 * and anything else skips, on the next start, exactly what it had stored. A failed batch
 * stops the reading; it starts again from the offset, so nothing is stepped over.
 */
export class PartitionConsumer {
  private stopped = false;
  private messages: ConsumerMessages | undefined;
  private running: Promise<void> | undefined;
  private committed = 0;
  private purged = 0;
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: PositionStream,
    readonly partition: number,
    private readonly pipeline: Pick<PositionPipeline, 'submit' | 'rebuildTrips'>,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.running = this.run();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
  }

  /** Stops reading and waits for what was handed to the pipeline to be committed or failed. */
  async stop() {
    this.stopped = true;
    clearInterval(this.purgeTimer);
    this.messages?.stop();
    await this.running;
  }

  private async run() {
    while (!this.stopped) {
      const failed = await this.readFromOffset().catch((error: unknown) => {
        this.log.warn({ err: error, partition: this.partition }, 'position stream not read');
        return true;
      });
      if (failed && !this.stopped) await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  /** Reads until stopped or a batch fails (true). */
  private async readFromOffset(): Promise<boolean> {
    const name = this.stream.name;
    let after = await committedOffset(this.db, name, this.partition);
    this.committed = Math.max(this.committed, after);
    const consumer = await this.stream.js.consumers.get(name, {
      filterSubjects: this.stream.subject(this.partition),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: after + 1,
    });
    const messages = await consumer.consume({ max_messages: 500 });
    this.messages = messages;
    if (this.stopped) messages.stop();
    const inFlight = new Set<Promise<void>>();
    let failed = false;
    for await (const message of messages) {
      if (failed || this.stopped) break;
      if (message.seq <= after) continue;
      const mark: StreamMark = {
        stream: name,
        partition: this.partition,
        seq: message.seq,
        after,
      };
      after = message.seq;
      const body = decodeMessage(message.data);
      if (body.kind === 'rebuild') {
        // Behind the reports before it, and its offset once it has run (it runs again after a
        // crash in between: a rebuild from stored history gives the same trips twice over).
        await Promise.all(inFlight);
        if (failed) break;
        await this.pipeline.rebuildTrips(body.deviceId, new Date(body.from));
        await advanceMarks(this.db, [mark]);
        this.committed = mark.seq;
        continue;
      }
      const handed = this.pipeline
        .submit(body.items, body.protocol, body.remoteAddress, body.statuses, mark)
        .then(
          () => {
            this.committed = Math.max(this.committed, mark.seq);
          },
          (error: unknown) => {
            if (!failed)
              this.log.warn(
                { err: error, partition: this.partition, seq: mark.seq },
                'stream reports not stored; reading again from the committed offset',
              );
            failed = true;
            messages.stop();
          },
        )
        .finally(() => inFlight.delete(handed));
      inFlight.add(handed);
      if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    }
    messages.stop();
    await Promise.all(inFlight);
    return failed;
  }

  /** Removes the messages this partition has stored: the stream holds only what waits. */
  private async purge() {
    const upTo = this.committed;
    if (upTo <= this.purged) return;
    try {
      await this.stream.manager.streams.purge(this.stream.name, {
        filter: this.stream.subject(this.partition),
        seq: upTo + 1,
      });
      this.purged = upTo;
    } catch (error) {
      this.log.debug({ err: error, partition: this.partition }, 'position stream not purged');
    }
  }
}
