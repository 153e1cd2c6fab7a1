/**
 * The process's counters for operators: each part of the server that counts (a device
 * listener, the position pipeline) registers a source once, and `GET /api/metrics` reads them
 * all when asked, in Prometheus's text format. Counters live in the process that counts them;
 * with several processes each one answers for itself, as Prometheus scrapes them.
 */
export interface MetricSource {
  /** The metric family's name prefix, e.g. `waymark_ingest`. */
  prefix: string;
  /** Labels of this source's samples, e.g. `{ listener: 'gt06' }`. */
  labels: Record<string, string>;
  /** An object whose number fields are the counters (camelCase names become snake_case). */
  read: () => object;
}

export class MetricsBoard {
  private readonly sources: MetricSource[] = [];

  register(source: MetricSource): () => void {
    this.sources.push(source);
    return () => {
      const at = this.sources.indexOf(source);
      if (at >= 0) this.sources.splice(at, 1);
    };
  }

  /** Prometheus text exposition (version 0.0.4): one TYPE line a family, then its samples. */
  prometheusText(): string {
    const families = new Map<string, string[]>();
    for (const source of this.sources) {
      const labels = Object.entries(source.labels)
        .map(([key, value]) => `${key}="${escapeLabel(value)}"`)
        .join(',');
      for (const [name, value] of Object.entries(source.read())) {
        if (typeof value !== 'number') continue;
        const family = `${source.prefix}_${snakeCase(name)}_total`;
        const samples = families.get(family) ?? [];
        samples.push(`${family}${labels ? `{${labels}}` : ''} ${value}`);
        families.set(family, samples);
      }
    }
    const lines: string[] = [];
    for (const [family, samples] of families) lines.push(`# TYPE ${family} counter`, ...samples);
    return lines.length > 0 ? `${lines.join('\n')}\n` : '';
  }
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
