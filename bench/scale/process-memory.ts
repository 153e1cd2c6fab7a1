import { readFileSync } from 'node:fs';

/** Resident set of a process from /proc, bytes (0 once it is gone). */
function rssOf(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples other processes' resident sets every 250 ms and keeps each one's peak per phase:
 * the split set-up's processes are not this one, so process.memoryUsage() cannot see them.
 */
export function sampleProcesses(pids: readonly number[], intervalMs = 250) {
  let phase = 'start';
  const peaks: Record<string, Record<number, number>> = {};
  const sample = () => {
    const row = (peaks[phase] ??= {});
    for (const pid of pids) row[pid] = Math.max(row[pid] ?? 0, rssOf(pid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    phase(name: string) {
      sample();
      phase = name;
    },
    /** MB per phase and process, and the largest of any process in a phase. */
    peaksMb() {
      sample();
      return Object.fromEntries(
        Object.entries(peaks).map(([name, row]) => {
          const mb = Object.values(row).map((bytes) => Math.round(bytes / 2 ** 20));
          return [name, { perProcess: mb, largest: Math.max(0, ...mb) }];
        }),
      );
    },
    stop: () => clearInterval(timer),
  };
}
