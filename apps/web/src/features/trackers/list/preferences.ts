import { COOKIE_LIFETIME_DAYS } from '@waymark/domain';

/** Spec 000 §9. */
export const AUTO_REFRESH_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const FILTER_DEBOUNCE_MS = 200;
export const SLIDER_DEBOUNCE_MS = 500;
export const DOWNLOAD_MAX_DAYS = 90;
/** The tracker view's default range starts 2 days back (spec 000 §2.10). */
export const DEFAULT_RANGE_DAYS = 2;

export const STORAGE_KEYS = {
  autoRefresh: 'waymark.trackers.autoRefresh',
  controls: 'waymark.trackers.controls',
  filters: 'waymark.trackers.filters',
  sort: 'waymark.trackers.sort',
} as const;

const COLUMNS_COOKIE = 'waymark.trackerColumns';
/** Default column widths, percent of the screen (spec 000 §9: 33 % each). */
export const DEFAULT_LEFT_WIDTH = 33;
export const DEFAULT_RIGHT_WIDTH = 33;
export const MIN_COLUMN_WIDTH = 20;
export const MAX_LEFT_WIDTH = 70;
export const MAX_RIGHT_WIDTH = 50;

/** The list's (left) and Scout's (right) widths; the map takes the rest. */
export interface ColumnWidths {
  left: number;
  right: number;
}

function readWidth(value: unknown, max: number, fallback: number): number {
  return typeof value === 'number' && value >= MIN_COLUMN_WIDTH && value <= max ? value : fallback;
}

export function readColumnWidths(cookie: string = document.cookie): ColumnWidths {
  const raw = cookie
    .split('; ')
    .find((part) => part.startsWith(`${COLUMNS_COOKIE}=`))
    ?.slice(COLUMNS_COOKIE.length + 1);
  let stored: { left?: unknown; right?: unknown } = {};
  try {
    stored = (JSON.parse(decodeURIComponent(raw ?? '')) as typeof stored | null) ?? {};
  } catch {
    // No cookie yet, or an old format: the defaults apply.
  }
  return {
    left: readWidth(stored.left, MAX_LEFT_WIDTH, DEFAULT_LEFT_WIDTH),
    right: readWidth(stored.right, MAX_RIGHT_WIDTH, DEFAULT_RIGHT_WIDTH),
  };
}

/** Column widths live in a cookie for 365 days (spec 000 §2.3). */
export function writeColumnWidths(widths: ColumnWidths): void {
  const round = (n: number) => Math.round(n * 10) / 10;
  const value = encodeURIComponent(
    JSON.stringify({ left: round(widths.left), right: round(widths.right) }),
  );
  const maxAge = COOKIE_LIFETIME_DAYS * 86_400;
  document.cookie = `${COLUMNS_COOKIE}=${value}; max-age=${maxAge}; path=/; samesite=lax`;
}

/** Downloads cover at most 90 days (spec 000 §5). */
export function exceedsDownloadLimit(start: Date, end: Date): boolean {
  return end.getTime() - start.getTime() > DOWNLOAD_MAX_DAYS * 86_400_000;
}
