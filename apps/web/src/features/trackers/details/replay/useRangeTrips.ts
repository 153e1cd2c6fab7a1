import { useMemo } from 'react';
import { FLEET_REPORT_MAX_DAYS, type ApiTrip } from '@waymark/domain';
import type { HistoryRange } from '../../../../api/deviceDetails';
import { useFleetReport } from '../../../../api/fleetReports';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const NO_TRIPS: ApiTrip[] = [];

/**
 * The tracker's trips that overlap the range, oldest first. The trips API takes local days of
 * the account's zone, so the days asked for reach a day past each end of the range, whatever the
 * zone, and the answer is cut to the range's instants.
 */
export function useRangeTrips(accountId: number, deviceId: number, range: HistoryRange | null) {
  const from = range?.from.getTime() ?? 0;
  const to = range?.to.getTime() ?? 0;
  const dateTo = utcDay(to + DAY_MS);
  const dateFrom = utcDay(
    Math.max(from - DAY_MS, to + DAY_MS - (FLEET_REPORT_MAX_DAYS - 1) * DAY_MS),
  );
  const query = useMemo(
    () => ({ deviceIds: [deviceId], groupIds: [], dateFrom, dateTo }),
    [deviceId, dateFrom, dateTo],
  );
  const report = useFleetReport(range ? accountId : null, 'trips', query);
  const rows = report.data?.data;
  const trips = useMemo(
    () =>
      rows
        ? rows
            .filter((t) => Date.parse(t.end.time) >= from && Date.parse(t.start.time) <= to)
            .sort((a, b) => Date.parse(a.start.time) - Date.parse(b.start.time))
        : NO_TRIPS,
    [rows, from, to],
  );
  return { trips, loading: report.isFetching };
}
