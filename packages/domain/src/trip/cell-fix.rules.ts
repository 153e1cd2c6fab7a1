import type { SegmentFix } from './segmentation.rules';

/**
 * A cell-tower fix as the segmentation reads it. Its place is too coarse to measure by (kilometres
 * off), so it stands where the previous fix stood, with the previous odometer, address and
 * geofence: it adds no distance and no trail. What it reports of the tracker itself is kept: its
 * time, ignition, engine hours and fuel. Left out altogether, an engine-off report sent as a cell
 * fix never ended the idling, and the parked time until the next warm-up counted as idle.
 *
 * Without a reported speed it is standing when the engine is off, and otherwise keeps the
 * previous fix's speed (nothing says the drive changed).
 */
export function cellSegmentFix(
  previous: SegmentFix,
  cell: Pick<SegmentFix, 'time' | 'speed' | 'ignition' | 'engineHours' | 'fuel'>,
): SegmentFix {
  return {
    ...previous,
    time: cell.time,
    speed: cell.speed ?? (cell.ignition === false ? 0 : previous.speed),
    ignition: cell.ignition,
    engineHours: cell.engineHours,
    fuel: cell.fuel,
  };
}
