import type { HistoryPosition } from '@waymark/domain';
import { requireVisibleDevice, type Actor } from '../../access/actor';
import { visibleAmong } from '../../access/device-visibility';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { positionListBody } from '../devices/device-lists.queries';
import { positionsCsv } from './positions.csv';
import { historyColumnsText } from './history-columns.queries';
import { deviceName, filteredCountOf, historyOf } from './positions.queries';
import { stopsOf } from './stops.queries';

export interface TimeRange {
  date_from?: Date | undefined;
  date_to?: Date | undefined;
}

/** A history range that may ask for the filtered fixes too (greyed on the trail). */
export interface HistoryQuery extends TimeRange {
  include_filtered?: boolean | undefined;
}

/** The range asked for, by default the last 24 hours; the start must come first. */
function resolveRange(q: TimeRange) {
  const to = q.date_to ?? new Date();
  const from = q.date_from ?? new Date(to.getTime() - 24 * 3600_000);
  if (from > to) throw invalidField('date_from', 'The start date must be before the end date');
  return { from, to };
}

/** The newest position of every tracker the actor sees (or of those named), as one body. */
export function currentPositionsBody(
  ctx: AppContext,
  actor: Actor,
  deviceIds: number[] | undefined,
  format: 'rows' | 'objects',
) {
  return positionListBody(ctx.database.db, actor.devices, deviceIds, format);
}

/** A tracker's accepted positions in the range (and filtered ones if asked); 404 for one the actor does not see. */
export async function deviceHistory(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: HistoryQuery,
): Promise<HistoryPosition[]> {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  const { from, to } = resolveRange(range);
  return historyOf(ctx.database.db, [deviceId], from, to, undefined, {
    includeFiltered: range.include_filtered === true,
  });
}

/** The same history as the JSON text of its columns (HistoryColumns, `format=columns`). */
export async function deviceHistoryColumns(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: HistoryQuery,
): Promise<string> {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  const { from, to } = resolveRange(range);
  return historyColumnsText(ctx.database.db, deviceId, from, to, {
    includeFiltered: range.include_filtered === true,
  });
}

/** How many of a tracker's fixes in the range were filtered ('N fixes filtered in this range'). */
export async function deviceFilteredCount(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: TimeRange,
) {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  const { from, to } = resolveRange(range);
  return filteredCountOf(ctx.database.db, deviceId, from, to);
}

/** The same history as a CSV, times shifted by `offset` (minutes west of UTC). */
export async function deviceHistoryCsv(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: TimeRange,
  offset: number,
) {
  const positions = await deviceHistory(ctx, actor, deviceId, {
    ...range,
    include_filtered: false,
  });
  const name = (await deviceName(ctx.database.db, deviceId)) ?? String(deviceId);
  return positionsCsv(positions, new Map([[deviceId, name]]), offset);
}

/** One path per tracker the actor sees among those named, over the range. */
export async function pathsOf(
  ctx: AppContext,
  actor: Actor,
  deviceIds: readonly number[],
  range: TimeRange,
) {
  const { db } = ctx.database;
  const { from, to } = resolveRange(range);
  const ids = await visibleAmong(db, actor.devices, deviceIds);
  const positions = await historyOf(db, ids, from, to);
  const paths = new Map(ids.map((deviceId) => [deviceId, [] as typeof positions]));
  for (const p of positions) paths.get(p.device_id)?.push(p);
  return [...paths].map(([device_id, path]) => ({ device_id, path }));
}

/**
 * Stops of a tracker that overlap the range, from the trips segmentation (stored ones and the
 * ongoing one), each with its address: the stored one, else the geocoder's.
 */
export async function deviceStops(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  range: TimeRange,
) {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  const { from, to } = resolveRange(range);
  const stops = await stopsOf(ctx.database.db, deviceId, from, to);
  const addresses = await Promise.all(
    stops.map((s) => s.address ?? ctx.addresses.lookup(s.lat, s.lng)),
  );
  return { stops, addresses };
}
