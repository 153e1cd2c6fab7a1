/** Half an hour either side, so a moment (an event) opens with its surroundings. */
const AROUND_MS = 30 * 60_000;

/**
 * The tracker details URL at a time range: `/trackers/12?from=…&to=…` (ISO instants), which
 * tracker details opens on instead of today.
 */
export function trackerAt(deviceId: number, from: string, to: string): string {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const wide = end - start < AROUND_MS;
  const params = new URLSearchParams({
    from: new Date(wide ? start - AROUND_MS : start).toISOString(),
    to: new Date(wide ? end + AROUND_MS : end).toISOString(),
  });
  return `/trackers/${deviceId}?${params.toString()}`;
}
