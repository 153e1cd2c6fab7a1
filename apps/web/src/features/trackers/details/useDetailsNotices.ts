import { useEffect, useRef } from 'react';
import type { DeviceDetails } from '@waymark/domain';
import { GENERIC_ERROR, toast } from '../../../app/toast';
import { failureMessage } from './feedback';

export const NO_POSITIONS = 'This tracker has no reported positions';
export const STOPS_FAILED = 'Cannot load stops';
/** The warning lasts 3 s (spec 000 §8). */
const NO_POSITIONS_MS = 3_000;

interface Failure {
  error: unknown;
  /** When the failure happened; a new time is a new failure to report. */
  at: number;
}

/**
 * The toasts of the details screen (spec 000 §8, 001 §8): no position once per tracker, and
 * each failure of the history or stops of a range.
 */
export function useDetailsNotices(
  device: DeviceDetails | undefined,
  positions: Failure | null,
  stops: Failure | null,
) {
  const warnedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!device || device.current_position || warnedFor.current === device.id) return;
    warnedFor.current = device.id;
    toast.warning(NO_POSITIONS, { timeout: NO_POSITIONS_MS });
  }, [device]);

  const positionsAt = positions?.at;
  const positionsError = positions?.error;
  useEffect(() => {
    if (!positionsAt) return;
    const message = failureMessage(positionsError, GENERIC_ERROR);
    if (message) toast.error(message);
  }, [positionsAt, positionsError]);

  const stopsAt = stops?.at;
  const stopsError = stops?.error;
  useEffect(() => {
    if (!stopsAt) return;
    if (failureMessage(stopsError, STOPS_FAILED)) toast.error(STOPS_FAILED);
  }, [stopsAt, stopsError]);
}

/** The note shown when the latest fix only places the tracker near a wifi spot or cell tower. */
export function fixNotice(fix: string | undefined): string | null {
  if (fix === 'wifi') return 'Showing the nearest wi-fi spot.';
  if (fix === 'cell') return 'Showing the nearest cell tower.';
  return null;
}
