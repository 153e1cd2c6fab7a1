import { useCallback, useEffect, useState } from 'react';
import { reportAnswers } from './reportProbe';

export type ReportReach = 'checking' | 'answers' | 'unreachable';

/**
 * Whether the embedded report's address answers (reportProbe.ts), asked again by `retry()`
 * and, while it does not, when the browser comes back online. `attempt` changes with each asking, so the frame
 * can load afresh too.
 */
export function useReportReach(src: string) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; answers: boolean } | null>(null);
  const key = `${attempt} ${src}`;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    void reportAnswers(src, { signal: controller.signal }).then((answers) => {
      if (!controller.signal.aborted) setAnswer({ key, answers });
    });
    return () => controller.abort();
  }, [src, key]);

  const reach: ReportReach =
    answer?.key !== key ? 'checking' : answer.answers ? 'answers' : 'unreachable';

  // Back online: ask again, but never reload a report that is showing.
  useEffect(() => {
    if (reach !== 'unreachable') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [reach, retry]);

  return { reach, attempt, retry };
}
