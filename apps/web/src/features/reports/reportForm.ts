import type { ReportCreateInput } from '@waymark/domain';
import type { DateRange } from '../../components/dateRange';

/**
 * The create payload: the tracker and the UTC range as ISO strings. The end never lies past
 * `now` (spec 001 §5: no future dates), should the picker have been opened a while ago.
 */
export function reportCreateBody(deviceId: number, range: DateRange, now: Date): ReportCreateInput {
  const end = range.end.getTime() > now.getTime() ? now : range.end;
  const start = range.start.getTime() > end.getTime() ? end : range.start;
  return { device_id: deviceId, start_at: start.toISOString(), end_at: end.toISOString() };
}
