import { expect, type Locator, type Page } from '@playwright/test';

/** The shared map's box, which carries the test hooks (apps/web/src/map/README.md). */
export const fleetMap = (page: Page): Locator => page.getByTestId('fleet-map');

/** A numeric test hook of the map, e.g. mapStat(page, 'trackers') reads data-trackers. */
export async function mapStat(page: Page, name: string): Promise<number> {
  const value = await fleetMap(page).getAttribute(`data-${name}`);
  return value === null ? NaN : Number(value);
}

/** Waits until the map has framed its data at least `count` times (data-frames). */
export async function waitForFrames(page: Page, count: number) {
  await expect.poll(() => mapStat(page, 'frames')).toBeGreaterThanOrEqual(count);
}
