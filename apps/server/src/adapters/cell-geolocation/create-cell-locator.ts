import type { CellLocator } from './cell-locator';
import { geolocationApiLocator } from './geolocation-api-locator';

/** The cell geolocation service of CELL_GEOLOCATION_URL; none by default (see CellLocator). */
export function createCellLocator(config: {
  CELL_GEOLOCATION_URL?: string | undefined;
}): CellLocator | undefined {
  return config.CELL_GEOLOCATION_URL
    ? geolocationApiLocator(config.CELL_GEOLOCATION_URL)
    : undefined;
}
