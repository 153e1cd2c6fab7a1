import { expect, type Page } from '@playwright/test';

/** A position of the history API, the fields the replay tests compare. */
export interface TrailFix {
  lat: number;
  lng: number;
  timestamp: string;
}

/** What the replay's marker says of itself (data-* on its element, read from MapLibre). */
export async function replayMarker(page: Page) {
  // Read in one go: while it plays, the marker moves between separate reads.
  const data = await page
    .getByTestId('replay-marker')
    .evaluate((marker) => ({ ...(marker as HTMLElement).dataset }));
  return { lng: Number(data.lng), lat: Number(data.lat), time: Date.parse(data.time ?? '') };
}

/**
 * The marker at `time` lies between the fixes before and after it (the box they span, with a
 * metre or so for the 6 decimals it is published with): a simpler check than interpolating.
 */
export function expectOnTrail(
  fixes: readonly TrailFix[],
  at: { lng: number; lat: number; time: number },
) {
  const after = fixes.findIndex((f) => Date.parse(f.timestamp) > at.time);
  const a = fixes[after === -1 ? fixes.length - 1 : Math.max(0, after - 1)]!;
  const b = after === -1 ? a : fixes[after]!;
  const eps = 2e-5;
  expect(at.lng).toBeGreaterThanOrEqual(Math.min(a.lng, b.lng) - eps);
  expect(at.lng).toBeLessThanOrEqual(Math.max(a.lng, b.lng) + eps);
  expect(at.lat).toBeGreaterThanOrEqual(Math.min(a.lat, b.lat) - eps);
  expect(at.lat).toBeLessThanOrEqual(Math.max(a.lat, b.lat) + eps);
}
