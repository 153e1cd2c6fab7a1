import dayjs from 'dayjs';
import {
  isOngoing,
  PUBLIC_BADGE_STATUSES,
  type PublicShipment,
  type ShipmentStatus,
} from '@waymark/domain';

/** Ours (spec 001 §8 shows no text): the toast when the public page cannot load. */
export const PUBLIC_LOAD_ERROR = 'This shipment could not be loaded';

/** Spec 001 §2: the public page shows a badge only for Completed, Running Late, Completed Late. */
export function showsPublicBadge(status: ShipmentStatus): boolean {
  return (PUBLIC_BADGE_STATUSES as readonly ShipmentStatus[]).includes(status);
}

/** The end time the public page shows: only once the shipment is no longer ongoing. */
export function publicEndedAt(s: Pick<PublicShipment, 'status' | 'ended_at'>): string | null {
  return isOngoing(s.status) ? null : s.ended_at;
}

/** What the public map frames: the travelled path, where the tracker is now and where it goes. */
export function publicFramePoints(
  s: Pick<PublicShipment, 'path' | 'current_position' | 'destination'>,
): [number, number][] {
  return [
    ...(s.path ?? []).map((p) => p.location),
    ...(s.current_position ? [s.current_position.location] : []),
    ...(s.destination ? [s.destination.location] : []),
  ];
}

/** A prediction is a guess: it is said to the nearest five minutes. */
const ARRIVAL_STEP_MS = 5 * 60_000;

/**
 * 'arriving about 12:30 pm' (issue 37 §4), in the viewer's zone, while the shipment is ongoing
 * and the clock has a prediction; a day other than today is named ('arriving about Dec 3,
 * 9:05 am'). Null otherwise.
 */
export function arrivalText(
  s: Pick<PublicShipment, 'status' | 'estimated_end_at'>,
  now: Date,
): string | null {
  if (!isOngoing(s.status) || !s.estimated_end_at) return null;
  const at = dayjs(Math.round(Date.parse(s.estimated_end_at) / ARRIVAL_STEP_MS) * ARRIVAL_STEP_MS);
  const time = at.format(at.isSame(now, 'day') ? 'h:mm a' : 'MMM D, h:mm a');
  return `arriving about ${time}`;
}
