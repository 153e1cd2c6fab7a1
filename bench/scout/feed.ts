import type { RawPosition } from '@waymark/domain';
import type { PositionSource } from '../shared/send-positions';
import { benchFix, benchTracker, serialOf } from './bench-fleet';

/** How often each tracker of a live fleet reports. */
export const REPORT_EVERY_S = 30;
/** How far north a moving tracker gets between two reports (about 110 m). */
const CREEP_DEG = 0.001;

/**
 * The bench fleet reporting live, one tracker after another: each fix is stamped now, a parked
 * tracker where it stands (it stays "not moved"), a moving one a little further north each
 * round, every battery as seeded; trackers that never reported stay silent.
 */
export class LiveFleet implements PositionSource {
  private next = 0;
  private readonly reporting: number[] = [];

  constructor(trackers: number) {
    for (let i = 0; i < trackers; i++) if (benchTracker(i)) this.reporting.push(i);
  }

  take(n: number): RawPosition[] {
    const out: RawPosition[] = [];
    for (let k = 0; k < n; k++, this.next++) {
      const i = this.reporting[this.next % this.reporting.length]!;
      const round = Math.floor(this.next / this.reporting.length) + 1;
      const tracker = benchTracker(i)!;
      // The seed's second fix was 0.01° north of its first.
      const lat = tracker.parked ? tracker.lat : tracker.lat + 0.01 + round * CREEP_DEG;
      out.push(benchFix(serialOf(i), tracker, new Date(), lat));
    }
    return out;
  }
}
