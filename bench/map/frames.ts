import type { Page } from 'playwright-core';

/** Frame times of a phase: requestAnimationFrame deltas and long tasks, in ms. */
export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Frames that took longer than the 50 ms bar. */
  over50: number;
  longTasks: number;
  longestTask: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export function frameStats(deltas: number[], longTasks: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    frames: deltas.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    over50: deltas.filter((d) => d > 50).length,
    longTasks: longTasks.length,
    longestTask: Math.max(0, ...longTasks),
  };
}

interface Recorder {
  deltas: number[];
  longTasks: number[];
  running: boolean;
}

/** Starts recording in the page: every animation frame's delta and every long task. */
export async function startFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames?: Recorder };
    const rec: Recorder = { deltas: [], longTasks: [], running: true };
    w.__frames = rec;
    let last = 0;
    const tick = (t: number) => {
      if (!rec.running) return;
      if (last > 0) rec.deltas.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      if (rec.running) for (const e of list.getEntries()) rec.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
}

export async function stopFrames(page: Page): Promise<FrameStats> {
  const rec = await page.evaluate(() => {
    const r = (window as unknown as { __frames: Recorder }).__frames;
    r.running = false;
    return { deltas: r.deltas, longTasks: r.longTasks };
  });
  return frameStats(rec.deltas, rec.longTasks);
}

/** Drags the map around and zooms in and out with the wheel, as a person would. */
export async function panAndZoom(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (let i = 0; i < 8; i++) {
    const dx = i % 2 === 0 ? 300 : -300;
    const dy = i % 4 < 2 ? 120 : -120;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 20 });
    await page.mouse.up();
  }
  for (const delta of [-240, -240, -240, -240, -240, 240, 240, 240, 240, 240]) {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(200);
  }
}
