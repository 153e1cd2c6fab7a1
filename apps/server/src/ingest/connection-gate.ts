import type net from 'node:net';
import type { IngestMetrics } from './ingest-metrics';
import { openFilesLimit, type ConnectionLimits } from './connection-limits';

export type Refusal = 'per-address' | 'listener-full' | 'descriptors';

/**
 * The device sockets every listener of the process holds together, so that all of them
 * never take the descriptors HTTP and the database need (issue 39: at about 19,500 sockets
 * the API starved).
 */
export class DescriptorBudget {
  open = 0;
  constructor(readonly max: number) {}

  static forProcess(limits: ConnectionLimits) {
    const limit = openFilesLimit();
    return new DescriptorBudget(
      limit === undefined ? Infinity : Math.max(0, limit - limits.reservedDescriptors),
    );
  }
}

const REFUSAL_COUNTERS: Record<Refusal, keyof IngestMetrics> = {
  'per-address': 'refusedPerAddress',
  'listener-full': 'refusedListenerFull',
  descriptors: 'refusedDescriptors',
};

/**
 * One listener's admission: a connection beyond the per-address limit, the listener's
 * maximum or the process's descriptor budget is closed at once by the server and counted.
 */
export class ConnectionGate {
  private readonly byAddress = new Map<string, number>();
  private open = 0;

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly budget: DescriptorBudget,
    private readonly metrics: IngestMetrics,
  ) {}

  /** Admits the socket (and counts it until it closes) or destroys it and says why. */
  admit(socket: net.Socket): Refusal | undefined {
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.byAddress.get(address) ?? 0;
    const refusal: Refusal | undefined =
      this.budget.open >= this.budget.max
        ? 'descriptors'
        : this.open >= this.limits.perListener
          ? 'listener-full'
          : fromAddress >= this.limits.perAddress
            ? 'per-address'
            : undefined;
    if (refusal) {
      this.metrics[REFUSAL_COUNTERS[refusal]]++;
      socket.destroy();
      return refusal;
    }
    this.byAddress.set(address, fromAddress + 1);
    this.open++;
    this.budget.open++;
    socket.once('close', () => {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left === 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
      this.open--;
      this.budget.open--;
    });
    return undefined;
  }
}
