import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  alertEventSchema,
  fleetReportEnvelope,
  fleetStopSchema,
  summaryRowSchema,
  tripSchema,
  type AlertEvent,
  type SummaryPeriod,
} from '@waymark/domain';
import { downloadFile, requestBody, requestList } from './client';
import { checked } from './parse';

/** What a fleet report is asked for: trackers or groups and local days of the account. */
export interface FleetQuery {
  deviceIds: number[];
  groupIds: number[];
  /** `YYYY-MM-DD`, the account's days, both included; none asks for the last 7 days. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export type FleetReportKind = 'trips' | 'stops' | 'summary';
export type FleetFileFormat = 'csv' | 'xlsx' | 'pdf';

/** The largest page the API gives: the screen shows the whole range up to it. */
export const FLEET_PAGE_SIZE = 500;

const schemas = {
  trips: fleetReportEnvelope(tripSchema),
  stops: fleetReportEnvelope(fleetStopSchema),
  summary: fleetReportEnvelope(summaryRowSchema),
};
export type FleetReport<K extends FleetReportKind> = z.infer<(typeof schemas)[K]>;

export const fleetKeys = {
  report: (accountId: number, kind: string, query: FleetQuery, period?: SummaryPeriod) =>
    ['accounts', accountId, 'fleet', kind, query, period ?? null] as const,
};

const list = (ids: number[]) => (ids.length > 0 ? ids.join(',') : undefined);

function queryOf(query: FleetQuery) {
  return {
    device_ids: list(query.deviceIds),
    group_ids: list(query.groupIds),
    date_from: query.dateFrom,
    date_to: query.dateTo,
  };
}

/** GET /accounts/{id}/trips, /stops or /summary: the first page (500 rows) and the totals. */
export function useFleetReport<K extends FleetReportKind>(
  accountId: number | null,
  kind: K,
  query: FleetQuery,
  period?: SummaryPeriod,
) {
  return useQuery({
    queryKey: fleetKeys.report(accountId ?? 0, kind, query, period),
    queryFn: async ({ signal }): Promise<FleetReport<K>> =>
      checked(
        schemas[kind],
        await requestBody<unknown>(`/accounts/${accountId}/${kind}`, {
          query: { ...queryOf(query), per_page: FLEET_PAGE_SIZE, period },
          signal,
        }),
        `GET ${kind}`,
      ) as FleetReport<K>,
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /accounts/{id}/events of the chosen trackers and groups over the range's instants (the newest 100). */
export function useFleetEvents(
  accountId: number | null,
  query: FleetQuery,
  range: { from: string; to: string } | null,
) {
  return useQuery({
    queryKey: fleetKeys.report(accountId ?? 0, 'events', query),
    queryFn: async ({ signal }): Promise<AlertEvent[]> => {
      const { data } = await requestList<unknown, unknown>(`/accounts/${accountId}/events`, {
        query: {
          per_page: 100,
          date_from: range!.from,
          date_to: range!.to,
          device_ids: list(query.deviceIds),
          group_ids: list(query.groupIds),
        },
        signal,
      });
      return checked(z.array(alertEventSchema), data, 'GET events');
    },
    enabled: accountId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The whole range of a report as a file, saved under the server's name. */
export function downloadFleetReport(
  accountId: number,
  kind: FleetReportKind,
  query: FleetQuery,
  format: FleetFileFormat,
  period?: SummaryPeriod,
): Promise<void> {
  return downloadFile(
    `/accounts/${accountId}/${kind}`,
    { query: { ...queryOf(query), format, period }, globalErrors: false },
    `${kind}.${format}`,
  );
}
