import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Starts a CPU profile of the page when `file` is set (the BENCH_PROFILE* variables); the
 * returned function stops it and writes it to `file` (a .cpuprofile for DevTools). Without a
 * file both do nothing.
 */
export async function startCpuProfile(page: Page, file: string | undefined) {
  if (!file) return async () => {};
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}
