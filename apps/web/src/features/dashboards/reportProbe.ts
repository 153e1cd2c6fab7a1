/** How long the report's server may take to answer before the tab says it cannot be reached. */
export const REPORT_PROBE_TIMEOUT_MS = 15_000;

interface ProbeOptions {
  timeoutMs?: number;
  /** Aborts the probe (the tab was left); the answer is then meaningless. */
  signal?: AbortSignal;
  /** The outside world, so tests can stand in for it. */
  fetch?: typeof fetch;
}

/**
 * Whether anything answers at the embedded report's address. The frame itself cannot tell
 * us: its `load` event fires for the browser's own error page too (offline, refused, blocked),
 * it has no `error` event, and a page of another origin cannot be read. A `no-cors` fetch of
 * the same address can: it resolves with an opaque response whenever a server answers (with
 * any status, so a report that says "not found" is still shown, in the frame), and rejects
 * when none does: no network, an unknown host, a refused or dropped connection, a filter or
 * a mixed-content block. An answer slower than `timeoutMs` counts as none.
 */
export async function reportAnswers(url: string, options: ProbeOptions = {}): Promise<boolean> {
  const { timeoutMs = REPORT_PROBE_TIMEOUT_MS, signal, fetch: fetchImpl = fetch } = options;
  const controller = new AbortController();
  const stop = () => controller.abort();
  const timer = setTimeout(stop, timeoutMs);
  signal?.addEventListener('abort', stop);
  try {
    // No cookies: whether a server answers needs none, and the report's site gets none of ours.
    await fetchImpl(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** The report's address as a link target: only http(s), never a script URL from settings. */
export function reportLink(url: string): string | null {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
