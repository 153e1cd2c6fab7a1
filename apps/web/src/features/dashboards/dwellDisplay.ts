import dayjs from 'dayjs';
import { formatDwellTime, type AssetsColour, type DwellColour } from '@waymark/domain';

/** Column labels; 'Error setting {field}' names the field by its label (spec 000 §8). */
export const SETTING_LABELS = {
  allowable_dwell_days: 'Dwell SLA (days)',
  min_assets: 'Min Assets',
  max_assets: 'Max Assets',
} as const;

/** Mantine colours of the spec's success, warning and error; white is the plain cell. */
const SWATCH: Record<DwellColour | AssetsColour, { bg: string; fg: string } | null> = {
  green: { bg: 'var(--mantine-color-green-1)', fg: 'var(--mantine-color-green-9)' },
  yellow: { bg: 'var(--mantine-color-yellow-1)', fg: 'var(--mantine-color-yellow-9)' },
  red: { bg: 'var(--mantine-color-red-1)', fg: 'var(--mantine-color-red-9)' },
  white: null,
};

/** Cell style for a dwell or assets colour. */
export function swatchStyle(colour: DwellColour | AssetsColour) {
  const swatch = SWATCH[colour];
  return swatch ? { backgroundColor: swatch.bg, color: swatch.fg } : undefined;
}

export const formatAvgTime = (seconds: number | null) =>
  seconds === null ? '-' : formatDwellTime(seconds);

export const formatPercentage = (percentage: number | null) =>
  percentage === null ? '-' : `${percentage} %`;

/** When a device entered, in the browser's time. */
export const formatEnteredAt = (iso: string) => dayjs(iso).format('MMMM D, YYYY h:mm A');

export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);
