import http from 'node:http';
import { osmAndPath } from '../frames';
import {
  FixCursor,
  latencyKey,
  type LoadDevice,
  type LoadTarget,
  type LoadTracker,
} from './tracker';

/** A phone running OsmAnd / Traccar Client: one GET per fix, the next after the 200. */
export class OsmAndLoad extends FixCursor implements LoadTracker {
  private paths: string[] = [];
  private inFlight = false;

  constructor(
    device: LoadDevice,
    target: LoadTarget,
    private readonly agent: http.Agent,
  ) {
    super(device, target);
  }

  async connect() {
    // HTTP: the keep-alive agent connects on the first request.
  }

  prepare(positions: number) {
    this.paths = this.nextFixes(positions).map((fix) => osmAndPath(this.device.serial, fix));
  }

  async blast(deadline: number, onAcked: (positions: number) => void) {
    const paths = this.paths;
    this.paths = [];
    let acked = 0;
    while (Date.now() < deadline) {
      const path = paths.shift() ?? osmAndPath(this.device.serial, this.nextFix());
      if (!(await this.get(path))) break;
      acked++;
      onAcked(1);
    }
    return acked;
  }

  sendNext() {
    if (this.inFlight) return undefined;
    const fix = this.nextFix();
    this.inFlight = true;
    void this.get(osmAndPath(this.device.serial, fix)).then(() => (this.inFlight = false));
    return latencyKey(this.device.id, fix.time);
  }

  close() {}

  /** true once the server answered 200 (stored). */
  private get(path: string): Promise<boolean> {
    const { host, ports } = this.target;
    return new Promise((resolve) => {
      const request = http.get(
        { host, port: ports.osmand, path, agent: this.agent },
        (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        },
      );
      request.on('error', () => resolve(false));
    });
  }
}
