import { describe, expect, it } from 'vitest';
import {
  catchUp,
  endByHand,
  newShipmentClock,
  onFix,
  onScheduleChange,
  onTime,
  type ClockFix,
  type ShipmentClock,
  type ShipmentHappening,
} from './shipment.rules';
import type { RoadDistance } from './arrival.rules';
import type { ShipmentPlace } from './shipment-place.rules';

/**
 * Hand-made trips along a meridian north of Chicago: the depot is a 1.5 km circle, the
 * customer a 1 km circle 60 km further north; 0.01° of latitude is 1.11 km.
 */
const T0 = Date.parse('2026-03-02T08:00:00Z');
const MIN = 60_000;
const LNG = -87.6298;
const DEPOT: ShipmentPlace = { kind: 'circle', lat: 41.8781, lng: LNG, radiusM: 1500 };
const CUSTOMER_LAT = 41.8781 + 0.54;
const CUSTOMER: ShipmentPlace = { kind: 'circle', lat: CUSTOMER_LAT, lng: LNG, radiusM: 1000 };
const METRES_PER_DEGREE = 111_195;

const fixAt = (minute: number, lat: number, accuracy: number | null = 5): ClockFix => ({
  time: T0 + minute * MIN,
  lat,
  lng: LNG,
  accuracy,
});

/** A fix a minute, driving north at `kmh` from `fromMinute`, starting at the depot. */
function drive(fromMinute: number, minutes: number, kmh: number, fromLat = 41.8781): ClockFix[] {
  const degreesPerMinute = (kmh * 1000) / 60 / METRES_PER_DEGREE;
  return Array.from({ length: minutes + 1 }, (_, i) =>
    fixAt(fromMinute + i, fromLat + i * degreesPerMinute),
  );
}

function plan(startMinute: number, endMinute: number, notifyAtHours = 0): ShipmentClock {
  return newShipmentClock({
    startAt: T0 + startMinute * MIN,
    endAt: T0 + endMinute * MIN,
    notifyAtHours,
    from: DEPOT,
    to: CUSTOMER,
  });
}

/**
 * Feeds the fixes in order (each with what a routing engine said near it, if anything);
 * answers the final clock, every event and every prediction.
 */
function replay(
  clock: ShipmentClock,
  fixes: readonly ClockFix[],
  roadAt: (fix: ClockFix) => RoadDistance | null = () => null,
) {
  const events: ShipmentHappening[] = [];
  const predictions: { at: number; estimatedEndAt: number; roadFactor: number }[] = [];
  let c = clock;
  for (const fix of fixes) {
    const step = onFix(c, fix, roadAt(fix));
    c = step.clock;
    events.push(...step.events);
    if (step.prediction) predictions.push(step.prediction);
  }
  return { clock: c, events, predictions };
}

const minuteOf = (ms: number) => Math.round((ms - T0) / MIN);

describe('a shipment that arrives early', () => {
  // 60 km at 90 km/h: it leaves the depot a minute after setting off and arrives after ~40.
  const trip = [fixAt(-20, 41.8781), fixAt(-5, 41.8782), ...drive(0, 45, 90)];
  const { clock, events, predictions } = replay(plan(0, 120), trip);

  it('stays Not Started at the depot, begins when it leaves, completes on arrival', () => {
    expect(events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-end']);
    const [begin, end] = events;
    // The depot's edge is 1.5 km out: passed in the second minute.
    expect(minuteOf(begin!.at)).toBe(1);
    expect(end).toMatchObject({ late: false });
    expect(clock.status).toBe('completed');
    expect(clock.endedAt).toBe(end!.at);
    // 59 km of the 60 to the customer's edge at 1.5 km a minute.
    expect(minuteOf(clock.endedAt!)).toBe(40);
  });

  it('predicts the arrival once it has moved five minutes, within the road factor', () => {
    expect(predictions.length).toBeGreaterThan(30);
    expect(minuteOf(predictions[0]!.at)).toBe(5);
    const arrival = clock.endedAt!;
    for (const p of predictions) {
      const remaining = arrival - p.at;
      // A straight road: the road factor (1.2) makes every prediction that much too late, and
      // the last 10 km predicted at town speed (45 km/h) add up to 7 minutes more than this
      // trip, which keeps to 90 km/h to the end. Arrival is seen on the first fix inside, up
      // to a minute after the crossing.
      expect(p.estimatedEndAt - p.at).toBeGreaterThanOrEqual(remaining * 0.95 - MIN);
      expect(p.estimatedEndAt - p.at).toBeLessThanOrEqual(remaining * 1.25 + 8 * MIN);
    }
  });

  it('is Not Started before its start time even outside the depot', () => {
    const early = replay(plan(30, 180), drive(0, 20, 90));
    expect(early.clock.status).toBe('not-started');
    expect(early.events).toEqual([]);
    const after = replay(early.clock, [fixAt(30, 42.2)]);
    expect(after.events).toMatchObject([{ type: 'shipment-begin', at: T0 + 30 * MIN }]);
    expect(after.clock.status).toBe('in-progress');
  });
});

describe('the speed of a tracker parked under a roof', () => {
  it('is not measured from its Wi-Fi and cell fixes jumping about', () => {
    // Out of the depot, then parked 20 minutes reporting fixes 67 m apart every 30 s, each
    // 60 m uncertain (Wi-Fi), and every third one a cell fix 900 m uncertain.
    const parked = Array.from({ length: 40 }, (_, i) => ({
      ...fixAt(10 + i / 2, 41.8781 + 0.03 + (i % 2) * 0.0006, i % 3 === 0 ? 900 : 60),
    }));
    const { clock } = replay(plan(0, 120), [fixAt(0, 41.8781), fixAt(1, 41.9081), ...parked]);
    expect(clock.status).toBe('in-progress');
    expect(clock.speedMps).toBeNull();
  });
});

describe('a shipment with a routing engine', () => {
  // The engine says the road is 1.5 times the straight line, at 60 km/h.
  const road = (fix: ClockFix): RoadDistance => {
    const straight = (CUSTOMER_LAT - fix.lat) * METRES_PER_DEGREE;
    return {
      from: { lat: fix.lat, lng: LNG },
      to: { lat: CUSTOMER_LAT, lng: LNG },
      distanceM: straight * 1.5,
      durationS: (straight * 1.5) / (60 / 3.6),
    };
  };
  const trip = [fixAt(-5, 41.8781), ...drive(0, 45, 90)];

  it("predicts with the route's road factor instead of the great-circle one", () => {
    const { predictions } = replay(plan(0, 120), trip, road);
    const moving = predictions.filter((p) => p.at >= T0 + 5 * MIN && p.at < T0 + 35 * MIN);
    expect(moving.length).toBeGreaterThan(20);
    for (const p of moving) expect(p.roadFactor).toBeCloseTo(1.5, 5);
  });

  it("predicts at the route's speed before the tracker has a speed of its own", () => {
    const routed = replay(plan(0, 120), trip, road).predictions;
    const plain = replay(plan(0, 120), trip).predictions;
    // Great-circle waits for five minutes of moving; the route answers from the start.
    expect(minuteOf(plain[0]!.at)).toBe(5);
    expect(minuteOf(routed[0]!.at)).toBe(1);
    // At minute 1, ~57.5 km of straight line at 1.5 × over 60 km/h: ~86 minutes ahead.
    const first = routed[0]!;
    expect((first.estimatedEndAt - first.at) / MIN).toBeCloseTo(86, -1);
  });

  it('falls back to the great circle when the engine gives nothing', () => {
    const plain = replay(plan(0, 120), trip);
    const none = replay(plan(0, 120), trip, () => null);
    expect(none.predictions).toEqual(plain.predictions);
  });
});

describe('a shipment that arrives late', () => {
  it('runs late by prediction before its deadline, then completes late', () => {
    // 60 km at 45 km/h takes 80 minutes; the scheduled end is at minute 60.
    const { clock, events } = replay(plan(0, 60), drive(0, 85, 45));
    expect(events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-late', 'shipment-end']);
    const late = events[1]!;
    // The first prediction (5 minutes of moving) is late; the warning comes once the
    // predictions have said so for half an hour, still long before the deadline.
    expect(minuteOf(late.at)).toBe(35);
    expect(late.expectedLateMs).toBeGreaterThan(15 * MIN);
    expect(events[2]).toMatchObject({ type: 'shipment-end', late: true });
    expect(clock.status).toBe('completed-late');
  });

  it('is not warned for a slow start through town that the highway makes up for', () => {
    // 20 minutes at 30 km/h (10 km), then 50 km at 100 km/h: there after 50 minutes, due at 60.
    const town = drive(0, 20, 30);
    const highway = drive(20, 35, 100, town[town.length - 1]!.lat).slice(1);
    const { clock, events, predictions } = replay(plan(0, 60), [...town, ...highway]);
    expect(predictions[0]!.estimatedEndAt).toBeGreaterThan(T0 + 60 * MIN);
    expect(events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-end']);
    expect(clock.status).toBe('completed');
  });

  it('is not warned while the prediction stays within the deadline', () => {
    // 80 minutes of driving, due at minute 110: the prediction (1.2 × 79 min) fits.
    const { events } = replay(plan(0, 110), drive(0, 85, 45));
    expect(events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-end']);
  });

  it('runs late when its deadline passes before the speed is known', () => {
    const { clock, events } = replay(plan(0, 3), drive(0, 10, 90));
    expect(events.map((e) => [e.type, minuteOf(e.at)])).toEqual([
      ['shipment-begin', 1],
      ['shipment-late', 3],
    ]);
    expect(events[1]!.expectedLateMs).toBeUndefined();
    expect(clock.status).toBe('running-late');
  });
});

describe('a shipment that never arrives', () => {
  it('runs late once, keeps predicting, and never completes', () => {
    // It drives south instead, away from the customer.
    const away = drive(0, 120, 60).map((f) => ({ ...f, lat: 2 * 41.8781 - f.lat }));
    const { clock, events, predictions } = replay(plan(0, 90), away);
    expect(events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-late']);
    expect(clock.status).toBe('running-late');
    expect(clock.endedAt).toBeNull();
    // Ever further away: once its own detour is the road factor (10 km out), each prediction
    // is later than the one before.
    const estimates = predictions.filter((p) => p.at >= T0 + 15 * MIN).map((p) => p.estimatedEndAt);
    expect(estimates.length).toBeGreaterThan(90);
    expect(estimates).toEqual([...estimates].sort((a, b) => a - b));
  });

  it('never begins while the tracker stays at the depot, and is late at its end', () => {
    const parked = Array.from({ length: 20 }, (_, i) => fixAt(i * 10, 41.8781 + 0.001));
    const { clock, events } = replay(plan(0, 120), parked);
    expect(events.map((e) => [e.type, minuteOf(e.at)])).toEqual([['shipment-late', 120]]);
    expect(clock.status).toBe('running-late');
    expect(clock.beganAt).toBeNull();
    // Setting off after all: it begins, and stays late.
    const later = replay(clock, [fixAt(200, 42)]);
    expect(later.events.map((e) => e.type)).toEqual(['shipment-begin']);
    expect(later.clock.status).toBe('running-late');
  });
});

describe('ending by hand', () => {
  it('completes an ongoing shipment at once, late after the scheduled end', () => {
    const under = replay(plan(0, 120), drive(0, 10, 90)).clock;
    expect(endByHand(under, T0 + 30 * MIN)).toMatchObject({
      clock: { status: 'completed', endedAt: T0 + 30 * MIN },
      events: [{ type: 'shipment-end', byHand: true, late: false }],
    });
    expect(endByHand(under, T0 + 121 * MIN).clock.status).toBe('completed-late');
    expect(endByHand(plan(0, 120), T0).clock.status).toBe('completed');
  });

  it('changes nothing once the shipment is finished', () => {
    const done = endByHand(plan(0, 120), T0).clock;
    expect(endByHand(done, T0 + MIN)).toEqual({ clock: done, events: [], prediction: null });
    expect(onFix(done, fixAt(50, CUSTOMER_LAT)).events).toEqual([]);
    expect(onTime(done, T0 + 500 * MIN).events).toEqual([]);
  });
});

describe('a silent tracker', () => {
  it('is warned at the notify time and runs late at the deadline with no fix at all', () => {
    const under = replay(plan(0, 180, 2), drive(0, 10, 90)).clock;
    expect(onTime(under, T0 + 59 * MIN).events).toEqual([]);
    const notified = onTime(under, T0 + 60 * MIN);
    expect(notified.events).toEqual([{ type: 'shipment-notify', at: T0 + 60 * MIN, hours: 2 }]);
    expect(onTime(notified.clock, T0 + 61 * MIN).events).toEqual([]);
    const late = onTime(notified.clock, T0 + 180 * MIN);
    expect(late.events).toEqual([{ type: 'shipment-late', at: T0 + 180 * MIN }]);
    expect(late.clock.status).toBe('running-late');
    expect(onTime(late.clock, T0 + 200 * MIN).events).toEqual([]);
  });

  it('is not notified of an end already passed', () => {
    expect(onTime(plan(0, 60, 1), T0 + 61 * MIN).events.map((e) => e.type)).toEqual([
      'shipment-late',
    ]);
  });
});

describe('fixes the clock does not trust', () => {
  it('ignores a fix older than the last one', () => {
    const moved = replay(plan(0, 120), [fixAt(10, 42)]).clock;
    expect(onFix(moved, fixAt(5, CUSTOMER_LAT))).toEqual({
      clock: moved,
      events: [],
      prediction: null,
    });
  });

  it('neither begins nor completes on a cell fix kilometres wide', () => {
    const atDepot = plan(0, 120);
    expect(onFix(atDepot, fixAt(1, 42, 2000)).events).toEqual([]);
    const under = replay(atDepot, [fixAt(1, 42)]).clock;
    expect(onFix(under, fixAt(2, CUSTOMER_LAT, 2500)).clock.status).toBe('in-progress');
    expect(onFix(under, fixAt(3, CUSTOMER_LAT, null)).clock.status).toBe('completed');
  });

  it('begins on any fix after start when its start geofence is gone', () => {
    const placeless = { ...plan(0, 120), from: null };
    expect(onFix(placeless, fixAt(0, 41.8781)).events.map((e) => e.type)).toEqual([
      'shipment-begin',
    ]);
  });

  it('cannot arrive when its end geofence is gone', () => {
    const placeless = { ...plan(0, 120), to: null };
    const { clock } = replay(placeless, drive(0, 45, 90));
    expect(clock.status).toBe('in-progress');
    expect(clock.estimatedEndAt).toBeNull();
  });
});

describe('a changed schedule', () => {
  it('puts a shipment late by its old deadline back on time, and notifies again', () => {
    const under = replay(plan(0, 120, 1), drive(0, 5, 90)).clock;
    const notified = onTime(under, T0 + 60 * MIN).clock;
    const late = onTime(notified, T0 + 120 * MIN).clock;
    expect(late).toMatchObject({ status: 'running-late', notifiedAt: T0 + 60 * MIN });
    const moved = onScheduleChange({ ...late, endAt: T0 + 300 * MIN }, T0 + 130 * MIN);
    expect(moved.clock).toMatchObject({ status: 'in-progress', notifiedAt: null });
    expect(moved.events).toEqual([]);
    expect(onTime(moved.clock, T0 + 240 * MIN).events.map((e) => e.type)).toEqual([
      'shipment-notify',
    ]);
  });

  it('makes a new shipment whose end has passed late at once', () => {
    const step = onScheduleChange(plan(-120, -60), T0);
    expect(step.clock.status).toBe('running-late');
    expect(step.events).toEqual([{ type: 'shipment-late', at: T0 }]);
  });

  it('keeps a shipment not yet set off Not Started when its late end moves ahead', () => {
    const late = onTime(plan(0, 30), T0 + 40 * MIN).clock;
    const moved = onScheduleChange({ ...late, endAt: T0 + 90 * MIN }, T0 + 41 * MIN);
    expect(moved.clock.status).toBe('not-started');
  });
});

describe('catching up on the fixes since a past start', () => {
  it('moves a shipment planned after the fact as the clock would have, events at their times', () => {
    const trip = [fixAt(-10, 41.8781), ...drive(0, 45, 90)];
    const now = T0 + 60 * MIN;
    const caught = catchUp(plan(0, 120), trip, now);
    const live = replay(plan(0, 120), trip);
    expect(caught.clock).toEqual(live.clock);
    expect(caught.events).toEqual(live.events);
    expect(caught.predictions).toEqual(live.predictions.map((p) => expect.objectContaining(p)));
    expect(caught.events.map((e) => [e.type, minuteOf(e.at)])).toEqual([
      ['shipment-begin', 1],
      ['shipment-end', 40],
    ]);
    expect(caught.events[0]).toMatchObject({ lat: expect.any(Number), lng: LNG });
  });

  it('leaves out fixes after now, and applies the time now', () => {
    const caught = catchUp(plan(0, 30), drive(0, 45, 30), T0 + 35 * MIN);
    expect(caught.events.map((e) => e.type)).toEqual(['shipment-begin', 'shipment-late']);
    expect(caught.clock.lastFixAt).toBe(T0 + 35 * MIN);
  });
});

describe('where the tracker was when the shipment started', () => {
  const ARKANSAS_LAT = 34.7465;
  const begin = (events: ShipmentHappening[]) => events.find((e) => e.type === 'shipment-begin');

  it('left its start only after a fix inside it', () => {
    const { events } = replay(plan(0, 120), [fixAt(-5, 41.8781), ...drive(0, 5, 90)]);
    expect(begin(events)).not.toHaveProperty('awayFromStart');
  });

  it('started away from it when the first fix seen is elsewhere', () => {
    const { events } = replay(plan(0, 120), [fixAt(1, ARKANSAS_LAT), fixAt(2, ARKANSAS_LAT)]);
    expect(begin(events)).toMatchObject({ awayFromStart: true, at: T0 + MIN });
  });

  it('started away when it had driven off before the start', () => {
    const { events } = replay(plan(0, 120), [
      fixAt(-30, 41.8781),
      fixAt(-10, 42.1),
      fixAt(1, 42.2),
    ]);
    expect(begin(events)).toMatchObject({ awayFromStart: true });
  });

  it('catching up, reads the last fix before the start as where it was', () => {
    const inside = catchUp(plan(0, 120), drive(0, 5, 90), T0 + 6 * MIN, fixAt(-3, 41.8781));
    expect(begin(inside.events)).not.toHaveProperty('awayFromStart');
    const away = catchUp(
      plan(0, 120),
      [fixAt(1, ARKANSAS_LAT)],
      T0 + 6 * MIN,
      fixAt(-3, ARKANSAS_LAT),
    );
    expect(begin(away.events)).toMatchObject({ awayFromStart: true });
  });
});
