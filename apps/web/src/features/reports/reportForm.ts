import type { DeviceListItem, ReportCreateInput } from '@waymark/domain';
import type { DateRange } from '../../components/dateRange';

/** Spec 002 §9: report lists use the trackers whose subscription is active or pending-renewal. */
export const REPORT_TRACKER_STATUSES: readonly string[] = ['active', 'pending-renewal'];

/** The Tracker select's options: the trackers a report may be made of, by name. */
export function reportTrackerOptions(
  devices: readonly Pick<DeviceListItem, 'id' | 'name' | 'subscription_status'>[],
): { value: string; label: string }[] {
  return devices
    .filter((d) => d.subscription_status && REPORT_TRACKER_STATUSES.includes(d.subscription_status))
    .map((d) => ({ value: String(d.id), label: d.name }));
}

/**
 * The create payload: the tracker and the UTC range as ISO strings. The end never lies past
 * `now` (spec 001 §5: no future dates), should the picker have been opened a while ago.
 */
export function reportCreateBody(deviceId: number, range: DateRange, now: Date): ReportCreateInput {
  const end = range.end.getTime() > now.getTime() ? now : range.end;
  const start = range.start.getTime() > end.getTime() ? end : range.start;
  return { device_id: deviceId, start_at: start.toISOString(), end_at: end.toISOString() };
}
