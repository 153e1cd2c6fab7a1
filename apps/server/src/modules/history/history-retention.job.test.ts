import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { RawPosition } from '@waymark/domain';
import { queryRows } from '../../db/client';
import { accountSettings, dailySummaries, devices, deviceStops, trips } from '../../db/schema';
import { createAccount, createDevice, createTestApp, type TestApp } from '../../test/test-app';
import { applyHistoryRetention } from './history-retention.job';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A tracker driving north from `start`, a fix every 70 s, the `zeroAt`-th one at 0,0. */
function drive(serial: string, start: string, fixes: number, zeroAt?: number): RawPosition[] {
  return Array.from({ length: fixes }, (_, i) => ({
    serial,
    deviceTime: new Date(Date.parse(start) + i * 70_000),
    lat: i === zeroAt ? 0 : 41.8 + i * 0.002,
    lng: i === zeroAt ? 0 : -87.63,
    valid: true,
    fix: 'gps' as const,
  }));
}

async function storedFixes(t: TestApp, deviceId: number) {
  const rows = await queryRows<{ fix_time: Date | string }>(
    t.db,
    sql`SELECT fix_time FROM positions WHERE device_id = ${deviceId} ORDER BY fix_time`,
  );
  return rows.map((row) => new Date(row.fix_time).toISOString());
}

/** Every row the retention must never touch, of these accounts. */
async function summaries(t: TestApp, accountIds: number[]) {
  return {
    trips: await t.db
      .select()
      .from(trips)
      .where(inArray(trips.account_id, accountIds))
      .orderBy(asc(trips.device_id), asc(trips.start_time)),
    stops: await t.db
      .select()
      .from(deviceStops)
      .where(inArray(deviceStops.account_id, accountIds))
      .orderBy(asc(deviceStops.device_id), asc(deviceStops.start_time)),
    days: await t.db
      .select()
      .from(dailySummaries)
      .where(inArray(dailySummaries.account_id, accountIds))
      .orderBy(asc(dailySummaries.device_id), asc(dailySummaries.day)),
  };
}

/**
 * Worked out here from the input, independently of the job: older than the line, the first
 * fix not at 0,0 of each slot of the clock (slots from UTC midnight); newer, every fix.
 */
function keptByHand(input: readonly RawPosition[], line: number, minutes: number) {
  const firstOfSlot = new Map<number, string>();
  const newer: string[] = [];
  for (const p of input) {
    const time = p.deviceTime.getTime();
    if (time >= line) newer.push(p.deviceTime.toISOString());
    else if (p.lat !== 0) {
      const slot = Math.floor(time / (minutes * MINUTE));
      if (!firstOfSlot.has(slot)) firstOfSlot.set(slot, p.deviceTime.toISOString());
    }
  }
  return [...firstOfSlot.values(), ...newer];
}

describe('thinning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps, past the raw days, the first accepted fix of each slot per tracker, and nothing else moves', async () => {
    const thinning = await createAccount(t, {
      settings: { history_raw_days: '30', history_thin_minutes: '5' },
    });
    const untouched = await createAccount(t);
    const laterLine = await createAccount(t, {
      settings: { history_raw_days: '60', history_thin_minutes: '15' },
    });
    const trackers: { id: number; input: RawPosition[]; rawDays?: number; minutes?: number }[] = [];
    for (const [account, rawDays, minutes] of [
      [thinning, 30, 5],
      [thinning, 30, 5],
      [untouched],
      [laterLine, 60, 15],
    ] as const) {
      const device = await createDevice(t, account);
      // Old enough to thin (a fix at 0,0 among them, stored filtered), then recent ones.
      const old = drive(device.serial, '2026-09-10T08:00:30Z', 52, 20);
      const recent = drive(device.serial, '2026-10-20T08:00:00Z', 18, 5);
      await t.ctx.pipeline.submit(old, 'test');
      await t.ctx.pipeline.submit(recent, 'test');
      trackers.push({ id: device.id, input: [...old, ...recent], rawDays, minutes });
    }
    const accountIds = [thinning.id, untouched.id, laterLine.id];
    const before = await summaries(t, accountIds);
    expect(before.trips.filter((trip) => trip.account_id === thinning.id).length).toBeGreaterThan(
      0,
    );
    expect(before.days.filter((day) => day.account_id === thinning.id).length).toBeGreaterThan(0);

    /** Each tracker's fixes as worked out by hand at `now`; how many the job should remove. */
    async function expectThinnedAt(now: Date) {
      let removed = 0;
      for (const [index, tracker] of trackers.entries()) {
        const all = tracker.input.map((p) => p.deviceTime.toISOString());
        const expected =
          tracker.rawDays === undefined || tracker.minutes === undefined
            ? all
            : keptByHand(tracker.input, now.getTime() - tracker.rawDays * DAY, tracker.minutes);
        expect(await storedFixes(t, tracker.id), `tracker ${index}`).toEqual(expected);
        removed += all.length - expected.length;
      }
      return removed;
    }

    // 30 days before is 2 October: the September fixes of the 5-minute account thin; the
    // 15-minute account's line (60 days) is before them.
    const now = new Date('2026-11-01T00:00:00Z');
    const first = await applyHistoryRetention(t.ctx, now);
    const removedFirst = await expectThinnedAt(now);
    expect(removedFirst).toBeGreaterThan(0);
    expect(first).toEqual({ dropped: [], thinned: removedFirst });
    expect(await storedFixes(t, trackers[3]!.id)).toHaveLength(70);
    expect(await summaries(t, accountIds)).toEqual(before);

    // Thinned slots stay thinned: a second run removes nothing.
    expect(await applyHistoryRetention(t.ctx, now)).toEqual({ dropped: [], thinned: 0 });

    // Weeks later both lines have moved on: the October fixes of the first account and the
    // September fixes of the second thin, each by its own slots, and only those.
    const later = new Date('2026-11-26T00:00:00Z');
    const second = await applyHistoryRetention(t.ctx, later);
    const removedInAll = await expectThinnedAt(later);
    expect(second).toEqual({ dropped: [], thinned: removedInAll - removedFirst });
    expect(second.thinned).toBeGreaterThan(0);
    expect(await summaries(t, accountIds)).toEqual(before);
  });
});

describe('a tracker moved to another account', () => {
  it("has the fixes it made in the first account thinned by that account's policy", async () => {
    const t = await createTestApp();
    try {
      const first = await createAccount(t, {
        settings: { history_raw_days: '30', history_thin_minutes: '5' },
      });
      const device = await createDevice(t, first);
      const input = drive(device.serial, '2026-09-10T08:00:30Z', 20);
      await t.ctx.pipeline.submit(input, 'test');
      const second = await createAccount(t);
      await t.db.update(devices).set({ account_id: second.id }).where(eq(devices.id, device.id));

      const now = new Date('2026-11-01T00:00:00Z');
      await applyHistoryRetention(t.ctx, now);
      expect(await storedFixes(t, device.id)).toEqual(
        keptByHand(input, now.getTime() - 30 * DAY, 5),
      );
    } finally {
      await t.close();
    }
  });
});

describe('dropping whole months', () => {
  async function partitionNames(t: TestApp) {
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT child.relname AS name FROM pg_inherits
          JOIN pg_class child ON child.oid = pg_inherits.inhrelid
          WHERE pg_inherits.inhparent = 'positions'::regclass`,
    );
    return rows.map((row) => row.name).sort();
  }

  it('drops a month only once every account removes its fixes and all are past it', async () => {
    const t = await createTestApp();
    try {
      const longest = await createAccount(t, { settings: { history_keep_days: '400' } });
      const shorter = await createAccount(t, {
        settings: { history_raw_days: '30', history_thin_minutes: '5', history_keep_days: '100' },
      });
      const forever = await createAccount(t);
      const old = await createDevice(t, longest);
      const middle = await createDevice(t, shorter);
      const recent = await createDevice(t, longest);
      await t.ctx.pipeline.submit(drive(old.serial, '2024-01-15T08:00:00Z', 3), 'test');
      // Within the longest retention (400 days before now is 2025-10-11).
      await t.ctx.pipeline.submit(drive(middle.serial, '2025-10-20T08:00:00Z', 3), 'test');
      await t.ctx.pipeline.submit(drive(recent.serial, '2026-10-20T08:00:00Z', 3), 'test');
      const now = new Date('2026-11-15T00:00:00Z');
      const accountIds = [longest.id, shorter.id, forever.id];
      const kept = await summaries(t, accountIds);

      // One account keeps its history forever: every month stays.
      const first = await applyHistoryRetention(t.ctx, now);
      expect(first.dropped).toEqual([]);
      expect(await partitionNames(t)).toEqual([
        'positions_2024_01',
        'positions_2025_10',
        'positions_2026_10',
      ]);

      await t.db
        .insert(accountSettings)
        .values({ account_id: forever.id, code: 'history_keep_days', value: '50' });
      const second = await applyHistoryRetention(t.ctx, now);
      expect(second.dropped).toEqual(['positions_2024_01']);
      expect(await partitionNames(t)).toEqual(['positions_2025_10', 'positions_2026_10']);
      expect(await storedFixes(t, old.id)).toEqual([]);
      // Its own account thins it: three fixes within one 5-minute slot.
      expect(await storedFixes(t, middle.id)).toEqual(['2025-10-20T08:00:00.000Z']);
      expect(await storedFixes(t, recent.id)).toHaveLength(3);
      expect(await summaries(t, accountIds)).toEqual(kept);

      // A late upload of that month finds its table made again by its batch.
      const late = await createDevice(t, longest);
      await t.ctx.pipeline.submit(drive(late.serial, '2024-01-20T08:00:00Z', 2), 'test');
      expect(await storedFixes(t, late.id)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe('late fixes on a thinned history', () => {
  it('leave the trips, stops and days made from every fix as they were', async () => {
    const t = await createTestApp();
    try {
      const account = await createAccount(t, {
        settings: { history_raw_days: '30', history_thin_minutes: '60' },
      });
      const device = await createDevice(t, account);
      const day = Math.floor((Date.now() - 40 * DAY) / DAY) * DAY;
      // Parked, a drive with a ten-minute halt, parked; weeks later, driving today.
      const old = drive(device.serial, new Date(day + 8 * 3_600_000).toISOString(), 60).map(
        (fix, i) => (i >= 20 && i < 29 ? { ...fix, lat: 41.8 + 19 * 0.002 } : fix),
      );
      await t.ctx.pipeline.submit(old, 'test');
      await t.ctx.pipeline.submit(
        drive(device.serial, new Date(Date.now() - 2 * 3_600_000).toISOString(), 10),
        'test',
      );
      await applyHistoryRetention(t.ctx);
      const before = await summaries(t, [account.id]);
      expect(before.trips.length).toBeGreaterThan(0);

      // A fix of the old day arrives now: stored, and the rebuild it queues is not run over
      // the thinned fixes.
      const late = new Date(day + 11 * 3_600_000);
      await t.ctx.pipeline.submit(
        [
          {
            serial: device.serial,
            deviceTime: late,
            lat: 41.95,
            lng: -87.63,
            valid: true,
            fix: 'gps',
          },
        ],
        'test',
      );
      await t.ctx.jobs.idle();
      expect(await storedFixes(t, device.id)).toContain(late.toISOString());
      expect(await summaries(t, [account.id])).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
