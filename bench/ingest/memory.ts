/**
 * Samples the server process's resident set every 250 ms and keeps the peak, overall and per
 * phase (`phase(name)` starts one), so a peak can be put down to what ran. On PGlite the
 * pipeline can hold the event loop for a while and delay a sample, so a short peak may be
 * missed: the figures are lower bounds.
 */
export function sampleRss(intervalMs = 250) {
  let peak = 0;
  let current = 'start';
  const peaks: Record<string, NodeJS.MemoryUsage> = {};
  const sample = () => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    if (usage.rss > (peaks[current]?.rss ?? 0)) peaks[current] = usage;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    get peakRss() {
      sample();
      return peak;
    },
    /**
     * Per phase, in the order they ran: the peak resident set in MB and, at that moment, the
     * JavaScript heap in use and the memory outside it (buffers, PGlite's wasm memory).
     */
    get peaksMb() {
      sample();
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      return Object.fromEntries(
        Object.entries(peaks).map(([name, u]) => [
          name,
          { rss: mb(u.rss), heapUsed: mb(u.heapUsed), external: mb(u.external) },
        ]),
      );
    },
    phase(name: string) {
      sample();
      current = name;
    },
    stop: () => clearInterval(timer),
  };
}
