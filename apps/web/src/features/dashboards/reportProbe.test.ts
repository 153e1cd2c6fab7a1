import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportAnswers, reportLink } from './reportProbe';

const URL_OF_REPORT = 'https://reports.example/embed/1';

afterEach(() => {
  vi.useRealTimers();
});

describe('reportAnswers', () => {
  it('is true when the server answers, whatever the status, asking without cookies', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 404 })));
    expect(await reportAnswers(URL_OF_REPORT, { fetch })).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      URL_OF_REPORT,
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }),
    );
  });

  it('is false when nothing answers (offline, refused, blocked)', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reportAnswers(URL_OF_REPORT, { fetch })).toBe(false);
  });

  it('is false when the server does not answer in time', async () => {
    vi.useFakeTimers();
    // A server that never answers: only the probe's abort ends the request.
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const answer = reportAnswers(URL_OF_REPORT, { fetch, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe(false);
  });
});

describe('reportLink', () => {
  it('links http and https addresses only', () => {
    expect(reportLink(URL_OF_REPORT)).toBe(URL_OF_REPORT);
    expect(reportLink('http://intranet/report')).toBe('http://intranet/report');
    expect(reportLink('javascript:alert(1)')).toBeNull();
    expect(reportLink('not a url')).toBeNull();
  });
});
