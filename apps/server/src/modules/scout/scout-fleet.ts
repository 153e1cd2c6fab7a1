import {
  decodeDeviceRows,
  isOverdue,
  LOW_BATTERY,
  type DeviceListItem,
  type Geofence,
  type RowsEnvelope,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import { visibilityKey } from '../../access/device-visibility';
import type { AppContext } from '../../app-context';
import { deviceList, statusesFor } from '../devices/devices.service';
import { geofencesOf } from '../geofences/geofences.service';
import { groupNamesOf } from '../groups/groups.service';
import type { TrackersListOf } from './scout-fleet-snapshots';

/**
 * What Scout's tools read about the fleet, always through the modules' services with the
 * asking user's actor, so an answer holds only what that user sees. One instance per answer:
 * the trackers list is taken once however many tools ask, from the process's snapshot of the
 * user's list (ScoutFleetSnapshots, kept current from the bus) or read when there is none.
 */
export class ScoutFleet {
  private trackersRead: Promise<readonly DeviceListItem[]> | undefined;
  private geofencesRead: Promise<Geofence[]> | undefined;
  private groupsRead: Promise<{ id: number; name: string }[]> | undefined;

  constructor(
    readonly ctx: AppContext,
    readonly actor: Actor,
    readonly now: Date = new Date(),
  ) {}

  /**
   * The trackers list exactly as the trackers screen loads it (GET device-list, the compact
   * rows form with current positions, the account's listed statuses), so Scout's filters and
   * the list's filters read the same items.
   */
  trackers(): Promise<readonly DeviceListItem[]> {
    return (this.trackersRead ??= this.ctx.scoutSnapshots.trackers(trackersListOf(this.actor), () =>
      readTrackersList(this.ctx, this.actor),
    ));
  }

  /** Every geofence of the account (geofences are the account's, seen by all its members). */
  geofences(): Promise<Geofence[]> {
    return (this.geofencesRead ??= geofencesOf(this.ctx, this.actor, {
      limit: 10_000,
      offset: 0,
    }).then((page) => page.data));
  }

  /** The groups the actor sees; none where the account has no groups (403 there). */
  groups(): Promise<{ id: number; name: string }[]> {
    return (this.groupsRead ??= groupNamesOf(this.ctx, this.actor).then(
      (groups) => groups.map((g) => ({ id: g.id, name: g.name })),
      () => [],
    ));
  }

  /** Ids of the account's geofences containing the tracker's current position. */
  async geofencesAt(tracker: DeviceListItem): Promise<number[]> {
    const p = tracker.current_position;
    if (!p) return [];
    const index = await this.ctx.geofenceIndexes.forAccount(this.actor.accountId);
    return index.containing(p.lat, p.lng);
  }
}

/**
 * Who gets the same trackers list as the actor: the same account and trackers seen (all of
 * them, or the same device and group lists) and the same statuses listed.
 */
export function trackersListOf(actor: Actor): TrackersListOf {
  return {
    accountId: actor.accountId,
    key: JSON.stringify([visibilityKey(actor.devices), statusesFor(actor, undefined)]),
  };
}

/** The trackers list as the trackers screen loads it: device-list, rows form, decoded. */
export async function readTrackersList(ctx: AppContext, actor: Actor): Promise<DeviceListItem[]> {
  const body = deviceList(ctx, actor, {
    statuses: undefined,
    withPosition: true,
    excludeGroups: false,
    format: 'rows',
  });
  const chunks: Buffer[] = [];
  for await (const chunk of body.plain.read()) chunks.push(chunk);
  const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: RowsEnvelope };
  return decodeDeviceRows(data);
}

const HOUR_MS = 3_600_000;

/**
 * The trackers list's "Show trackers not moved in the last N days" filter (spec 000 §5), with
 * cell fixes counted as movement (the list's default) and N given in hours: the last movement,
 * or the last fix without one, is older than the period; a tracker that never reported has not
 * moved either.
 */
export function notMovedFor(tracker: DeviceListItem, hours: number, now: Date): boolean {
  const p = tracker.current_position;
  if (!p) return true;
  const moved = Date.parse(p.last_movement_time ?? p.timestamp);
  return now.getTime() - moved > hours * HOUR_MS;
}

/** Battery at or below the threshold (the badge's red is below 20). */
export function lowOnBattery(tracker: DeviceListItem, threshold = LOW_BATTERY): boolean {
  const battery = tracker.current_position?.battery;
  return battery !== null && battery !== undefined && battery < threshold;
}

/** The list's "missed update": last fix plus the model's expected_report_minutes is past. */
export function overdue(tracker: DeviceListItem, now: Date): boolean {
  return isOverdue(
    tracker.current_position?.timestamp ?? null,
    tracker.expected_report_minutes,
    now,
  );
}
