/**
 * Samples the server process's resident set every 250 ms and keeps the peak. On PGlite the
 * pipeline can hold the event loop for a while and delay a sample, so a short peak may be
 * missed: the figure is a lower bound.
 */
export function sampleRss(intervalMs = 250) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    get peakRss() {
      return Math.max(peak, process.memoryUsage().rss);
    },
    stop: () => clearInterval(timer),
  };
}
