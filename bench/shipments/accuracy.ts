import {
  newShipmentClock,
  onFix,
  placeOfAddress,
  type ArrivalPrediction,
  type ShipmentClock,
} from '@waymark/domain';
import { buildFleet } from '@waymark/simulator/fleet';
import { upcomingTrip } from '@waymark/simulator/trips/upcoming-trip';
import { advance, createVehicle } from '@waymark/simulator/trips/vehicle';

const MIN = 60_000;
/** Minutes before the arrival at which the prediction is judged (the three). */
export const HORIZONS_MIN = [60, 30, 10] as const;
/** A prediction counts for a horizon when made at most this long before it (one report late). */
const SLACK_MS = 2 * MIN;
/** The demo simulator's report interval (demo-simulator.ts: rate 1/30). */
const REPORT_MS = 30_000;

export interface HorizonFigures {
  minutes: number;
  trips: number;
  /** Mean absolute error as a share of the time still to go. */
  meanAbsError: number;
  medianAbsError: number;
  p90AbsError: number;
  /** Mean signed error (positive: predicted too late). */
  bias: number;
}

export interface AccuracyFigures {
  vehicles: number;
  days: number;
  trips: number;
  arrived: number;
  predictions: number;
  horizons: HorizonFigures[];
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/**
 * The demo's live shipments, replayed: each vehicle of the simulator (the same model, seeds
 * and 30 s reports as the demo's) is driven through `days`, and each trip it starts is planned
 * as the demo plans its live shipment (demo-live-shipment.ts: from the spot it sets off to the
 * spot it stops, addresses, starting 10 minutes before it leaves, due 30 minutes after it
 * arrives). Its fixes go through the clock's rules (`onFix`, the same the server runs on
 * committed positions); each prediction is judged against the arrival the rules saw.
 */
export function measureAccuracy(vehicles: number, days: number, startMs: number): AccuracyFigures {
  const until = startMs + days * 24 * 60 * MIN;
  const errors = new Map<number, { abs: number; signed: number }[]>(
    HORIZONS_MIN.map((h) => [h, []]),
  );
  let trips = 0;
  let arrived = 0;
  let predictionsMade = 0;
  for (const device of buildFleet(vehicles, '35000', { osmand: 1, gt06: 1, teltonika: 1 })) {
    const vehicle = createVehicle(device.serial, { start: startMs });
    vehicle.movingIntervalMs = REPORT_MS;
    vehicle.parkedIntervalMs = REPORT_MS;
    for (;;) {
      const trip = upcomingTrip(vehicle, until);
      if (!trip) break;
      // The stop is reported on the way to the next report time, past the arrival.
      const fixes = advance(vehicle, trip.arrivesAt + REPORT_MS);
      // Already on the way when the simulation started: not planned from its start.
      if (trip.departsAt === null) continue;
      trips++;
      let clock: ShipmentClock = newShipmentClock({
        startAt: trip.departsAt - 10 * MIN,
        endAt: trip.arrivesAt + 30 * MIN,
        notifyAtHours: 0,
        from: placeOfAddress(trip.from),
        to: placeOfAddress(trip.to),
      });
      const predictions: ArrivalPrediction[] = [];
      for (const fix of fixes) {
        if (+fix.time < clock.startAt) continue;
        const step = onFix(clock, {
          time: +fix.time,
          lat: fix.lat,
          lng: fix.lng,
          accuracy: fix.accuracy,
        });
        clock = step.clock;
        if (step.prediction) predictions.push(step.prediction);
      }
      predictionsMade += predictions.length;
      if (clock.endedAt === null) continue;
      arrived++;
      const arrival = clock.endedAt;
      for (const minutes of HORIZONS_MIN) {
        const at = arrival - minutes * MIN;
        const judged = predictions.filter((p) => p.at <= at && p.at > at - SLACK_MS).at(-1);
        if (!judged) continue;
        const remaining = arrival - judged.at;
        const signed = (judged.estimatedEndAt - arrival) / remaining;
        errors.get(minutes)!.push({ abs: Math.abs(signed), signed });
      }
    }
  }
  return {
    vehicles,
    days,
    trips,
    arrived,
    predictions: predictionsMade,
    horizons: HORIZONS_MIN.map((minutes) => {
      const list = errors.get(minutes)!;
      const sorted = list.map((e) => e.abs).sort((a, b) => a - b);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return {
        minutes,
        trips: list.length,
        meanAbsError: mean(sorted),
        medianAbsError: percentile(sorted, 0.5),
        p90AbsError: percentile(sorted, 0.9),
        bias: mean(list.map((e) => e.signed)),
      };
    }),
  };
}
