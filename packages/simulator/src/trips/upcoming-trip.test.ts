import { describe, expect, it } from 'vitest';
import { distanceM } from './geo';
import { createRandom } from './random';
import { upcomingTrip } from './upcoming-trip';
import { advance, createVehicle } from './vehicle';

const START = Date.parse('2024-03-01T12:00:00Z');
const DAY = 86_400_000;

describe('a random copy', () => {
  it('draws what the original draws next, without moving it', () => {
    const rng = createRandom('truck-1');
    rng.next();
    const copy = rng.fork();
    expect([copy.next(), copy.next()]).toEqual([rng.next(), rng.next()]);
  });
});

describe('the upcoming trip', () => {
  it('is where and when the vehicle itself arrives, and leaves the vehicle as it was', () => {
    for (const seed of ['truck-1', 'van-3', 'asset-4', 7, 11]) {
      const vehicle = createVehicle(seed, {
        start: START,
        movingIntervalS: 30,
        parkedIntervalS: 30,
      });
      const before = JSON.stringify({ ...vehicle, rng: undefined });
      const trip = upcomingTrip(vehicle, START + 4 * DAY);
      expect(trip, String(seed)).toBeDefined();
      expect(JSON.stringify({ ...vehicle, rng: undefined })).toBe(before);

      // The arrival is reported at the next report time, stamped with the time it happened.
      const fixes = advance(vehicle, trip!.arrivesAt + 60_000);
      const last = fixes.find((f) => f.time.getTime() === trip!.arrivesAt)!;
      expect(last).toBeDefined();
      expect(last.speedKmh).toBe(0);
      // The reported fix is the stop spot, give or take the fix's error.
      expect(distanceM(last, trip!.to)).toBeLessThanOrEqual(last.accuracy);
      if (trip!.departsAt !== null) {
        const departure = fixes.find((f) => f.time.getTime() === trip!.departsAt)!;
        expect(distanceM(departure, trip!.from)).toBeLessThanOrEqual(departure.accuracy + 1);
      }
    }
  });

  it('is undefined when nothing arrives in time', () => {
    const vehicle = createVehicle('truck-1', { start: START });
    expect(upcomingTrip(vehicle, START)).toBeUndefined();
  });
});
