import type { SegmentFix } from './segmentation.rules';

/**
 * A cell-tower fix as the segmentation reads it. Its place is too coarse to measure by (kilometres
 * off), so it stands where the previous fix stood, with the previous odometer, address and
 * geofence: it adds no distance and no trail. What it reports of the tracker itself is kept: its
 * time, ignition, engine hours and fuel. Left out altogether, an engine-off report sent as a cell
 * fix never ended the idling, and the parked time until the next warm-up counted as idle.
 *
 * Without a reported speed it keeps the previous fix's speed only while the engine is
 * reported on (a tunnel). Otherwise it is standing: a tracker without an ignition wire that
 * parks in a garage at speed sends cell fixes for hours, and each would carry the last GPS
 * speed on, one trip driving all night at no distance.
 */
export function cellSegmentFix(
  previous: SegmentFix,
  cell: Pick<SegmentFix, 'time' | 'speed' | 'ignition' | 'engineHours' | 'fuel'>,
): SegmentFix {
  return {
    ...previous,
    time: cell.time,
    speed: cell.speed ?? (cell.ignition === true ? previous.speed : 0),
    ignition: cell.ignition,
    engineHours: cell.engineHours,
    fuel: cell.fuel,
  };
}
