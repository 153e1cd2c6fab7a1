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

/** What the public map frames: the travelled path and where the tracker is now. */
export function publicFramePoints(
  s: Pick<PublicShipment, 'path' | 'current_position'>,
): [number, number][] {
  return [
    ...(s.path ?? []).map((p) => p.location),
    ...(s.current_position ? [s.current_position.location] : []),
  ];
}
