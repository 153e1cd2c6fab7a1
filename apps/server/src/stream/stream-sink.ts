import type { DeviceStatus, RawPosition } from '@waymark/domain';
import type { PositionSink } from '../ingest/position-sink';
import type { PositionStream } from './position-stream';
import { encodeMessage, type StreamMessage } from './stream-reports';

/**
 * The ingest side of the position stream: a read's reports go to their devices' partitions,
 * and `submit` resolves once JetStream has stored them (its PubAck, after the replicas the
 * stream keeps): then the device is acknowledged, and a worker stores them in its own time.
 */
export class StreamSink implements PositionSink {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly stream: PositionStream) {}

  submit(
    items: RawPosition[],
    protocol: string,
    remoteAddress?: string,
    statuses: DeviceStatus[] = [],
  ): Promise<{ stored: number; unknown: number; refused: number }> {
    const parts = new Map<number, { items: RawPosition[]; statuses: DeviceStatus[] }>();
    const partOf = (serial: string) => {
      const partition = this.stream.partitionOf(serial);
      let part = parts.get(partition);
      if (!part) parts.set(partition, (part = { items: [], statuses: [] }));
      return part;
    };
    for (const item of items) partOf(item.serial).items.push(item);
    for (const status of statuses) partOf(status.serial).statuses.push(status);
    const published = Promise.all(
      [...parts].map(([partition, part]) =>
        this.publish(partition, { kind: 'reports', protocol, remoteAddress, ...part }),
      ),
    ).then(() => ({ stored: items.length, unknown: 0, refused: 0 }));
    this.track(published);
    return published;
  }

  /** Queues a device's trips rebuild on its partition, behind the reports already there. */
  async rebuild(serial: string, deviceId: number, from: Date) {
    await this.publish(this.stream.partitionOf(serial), {
      kind: 'rebuild',
      deviceId,
      from: from.toISOString(),
    });
  }

  async flush() {
    await Promise.allSettled([...this.inFlight]);
  }

  private async publish(partition: number, message: StreamMessage) {
    await this.stream.js.publish(this.stream.subject(partition), encodeMessage(message));
  }

  private track(promise: Promise<unknown>) {
    const tracked = promise.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}
