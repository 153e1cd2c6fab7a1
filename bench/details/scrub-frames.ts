import type { Page } from 'playwright-core';

/** Frames while the scrubber is dragged: the time between frames and each frame's work, ms. */
export interface ScrubFrames {
  frames: number;
  /** requestAnimationFrame deltas: 16.7 at 60 frames a second. */
  intervalP50: number;
  intervalP95: number;
  /** From a frame's first callback to the first task after it (its scripts, layout, paint). */
  workP50: number;
  workP95: number;
  workMax: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/**
 * Drags the slider named `name` from its start to its end in `steps` moves, one a frame, as a
 * person scrubbing a replay would, and answers the page's frames meanwhile.
 */
export async function scrubFrames(page: Page, name: string, steps = 150): Promise<ScrubFrames> {
  const slider = page.getByRole('slider', { name });
  const box = await slider.boundingBox();
  if (!box) throw new Error(`the slider '${name}' has no box`);
  await page.evaluate(() => {
    const w = window as unknown as { __scrub: { deltas: number[]; work: number[]; on: boolean } };
    const rec = { deltas: [] as number[], work: [] as number[], on: true };
    w.__scrub = rec;
    let last = 0;
    const channel = new MessageChannel();
    let started = 0;
    channel.port1.onmessage = () => rec.work.push(performance.now() - started);
    const tick = (t: number) => {
      if (!rec.on) return;
      if (last > 0) rec.deltas.push(t - last);
      last = t;
      started = performance.now();
      channel.port2.postMessage(0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / steps, y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  const rec = await page.evaluate(() => {
    const r = (window as unknown as { __scrub: { deltas: number[]; work: number[]; on: boolean } })
      .__scrub;
    r.on = false;
    return { deltas: r.deltas, work: r.work };
  });
  return {
    frames: rec.deltas.length,
    intervalP50: quantile(rec.deltas, 0.5),
    intervalP95: quantile(rec.deltas, 0.95),
    workP50: quantile(rec.work, 0.5),
    workP95: quantile(rec.work, 0.95),
    workMax: Math.max(0, ...rec.work),
  };
}
