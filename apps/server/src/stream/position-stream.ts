import type { FastifyBaseLogger } from 'fastify';
import {
  connect,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';

/** Where the stream lives and how it is cut: the bus's server and prefix, and the config's. */
export interface StreamSettings {
  url: string;
  /** The bus's subject prefix: installations (and test files) on one server stay apart. */
  prefix: string;
  /** Partitions: each is one worker's at a time, so a device's fixes stay in order. */
  partitions: number;
  /** Copies JetStream keeps of each message before it answers (1 on one server). */
  replicas: number;
}

/**
 * The position stream between the ingest and worker roles (docs/architecture.md, "The
 * position stream"): one JetStream stream, `{prefix}.positions.{partition}` subjects, a
 * device's partition from its serial. Opens its own NATS connection beside the bus's: the bus
 * is fire-and-forget events, this is the durable path a device's acknowledgement waits on.
 */
export class PositionStream {
  readonly name: string;

  private constructor(
    private readonly connection: NatsConnection,
    readonly js: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly settings: StreamSettings,
  ) {
    this.name = `${settings.prefix}_positions`.replace(/[^A-Za-z0-9_-]/g, '_');
  }

  static async open(settings: StreamSettings, log: FastifyBaseLogger): Promise<PositionStream> {
    const connection = await connect({
      servers: settings.url,
      name: `waymark-stream-${process.pid}`,
      maxReconnectAttempts: -1,
    });
    void connection.closed().then((err) => {
      if (err) log.error({ err }, 'NATS stream connection closed with an error');
    });
    const manager = await connection.jetstreamManager();
    const stream = new PositionStream(connection, connection.jetstream(), manager, settings);
    await stream.ensure();
    return stream;
  }

  /** The subject of a partition. */
  subject(partition: number) {
    return `${this.settings.prefix}.positions.${partition}`;
  }

  /** The partition of a device's reports: the same for every process that asks. */
  partitionOf(serial: string) {
    return partitionOf(serial, this.settings.partitions);
  }

  async close() {
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  /**
   * Creates the stream, or adopts it as it is. Messages stay until a worker has stored them
   * (the worker purges up to its committed offset), never by age: a worker away for a day
   * finds its partition's reports waiting.
   */
  private async ensure() {
    const config = {
      name: this.name,
      subjects: [`${this.settings.prefix}.positions.*`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: this.settings.replicas,
    };
    try {
      await this.manager.streams.info(this.name);
    } catch {
      await this.manager.streams.add(config).catch(async (error: unknown) => {
        // Another process created it meanwhile.
        await this.manager.streams.info(this.name).catch(() => {
          throw error;
        });
      });
    }
  }
}

/** FNV-1a over the serial's UTF-16 units: cheap, stable across processes and versions. */
export function partitionOf(serial: string, partitions: number) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < serial.length; i++) {
    hash ^= serial.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
