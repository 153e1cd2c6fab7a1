import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { currentPositionSchema, decodeDeviceRows, type RowsEnvelope } from '@waymark/domain';
import { downloadFile, request } from './client';
import { DEVICE_LIST_QUERY, takeEarlyDeviceList } from './earlyDeviceList';
import { checked } from './parse';
import { session } from './session';

export const devicesKeys = {
  all: (accountId: number) => ['accounts', accountId, 'devices'] as const,
  list: (accountId: number) => ['accounts', accountId, 'devices', 'device-list'] as const,
  currentPositions: (accountId: number) =>
    ['accounts', accountId, 'devices', 'current-positions'] as const,
};

/**
 * Every tracker the user may see, with its current position (GET device-list): the list and
 * the map filter and page it in the browser; live positions come on top (livePositions.ts).
 * Asked for in the compact rows form: at 100,000 trackers about a third of the default size
 * (a twentieth once gzipped), checked as a whole rather than row by row, and decoded into the
 * usual items.
 */
export async function fetchDeviceList(accountId: number, signal?: AbortSignal) {
  const data =
    (await takeEarlyDeviceList(accountId, session.bearer())) ??
    (await request<unknown>(`/accounts/${accountId}/device-list`, {
      query: DEVICE_LIST_QUERY,
      signal,
    }));
  const envelope = rowsEnvelopeShape.safeParse(data);
  if (!envelope.success) {
    console.warn('Unexpected GET device-list response', envelope.error.issues);
    return [];
  }
  const items = decodeDeviceRows(envelope.data as RowsEnvelope);
  performance.mark('device-list-decoded');
  return items;
}

/** The envelope without looking into each of the (possibly 100,000) rows. */
const rowsEnvelopeShape = z.object({ fields: z.array(z.string()), rows: z.array(z.unknown()) });

/**
 * Starts the tracker list with the app when it opens on /trackers for a stored account, so
 * the biggest request of the screen runs while the session, the screen's code and the map
 * load instead of after them. useDeviceList() picks up the same query.
 */
export function prefetchDeviceList(
  queryClient: QueryClient,
  path: string,
  accountId: number | null,
) {
  if (accountId === null || !/^\/trackers\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: devicesKeys.list(accountId),
    queryFn: ({ signal }) => fetchDeviceList(accountId, signal),
  });
}

export function useDeviceList(accountId: number | null, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: devicesKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchDeviceList(accountId!, signal),
    enabled: accountId !== null,
    refetchInterval,
    // Comparing 100,000 fresh items with the old ones deeply costs more than it saves.
    structuralSharing: false,
  });
}

/** GET current-positions?raw=1: the newest position of each tracker (optionally some ids). */
export function useCurrentPositions(accountId: number | null, deviceIds?: readonly number[]) {
  return useQuery({
    queryKey: [...devicesKeys.currentPositions(accountId ?? 0), deviceIds ?? 'all'],
    queryFn: async ({ signal }) => {
      const data = await request<unknown>(`/accounts/${accountId}/current-positions`, {
        query: { raw: 1, device_ids: deviceIds?.join(',') },
        signal,
      });
      return checked(z.array(currentPositionSchema), data, 'GET current-positions');
    },
    enabled: accountId !== null,
  });
}

export interface PositionsReport {
  accountId: number;
  from: Date;
  to: Date;
  deviceIds?: number[];
  /** Only each tracker's newest position (no range): the download outside controls mode. */
  onlyCurrent?: boolean;
}

function reportBody(report: PositionsReport, responseType: 'csv' | 'send_email') {
  return {
    type: 'positions',
    response_type: responseType,
    filters: {
      account_id: report.accountId,
      only_current_positions: report.onlyCurrent ?? false,
      ...(report.onlyCurrent
        ? {}
        : { fix_time_from: report.from.toISOString(), fix_time_to: report.to.toISOString() }),
      // Minutes west of UTC, so the file shows this browser's clock times.
      offset: new Date().getTimezoneOffset(),
      ...(report.deviceIds ? { device_ids: report.deviceIds } : {}),
    },
  };
}

/** POST /report-builder/ send_email: the file is built in the background and e-mailed. */
export async function emailPositionsCsv(report: PositionsReport): Promise<string> {
  const data = await request<{ message: string }>('/report-builder', {
    method: 'POST',
    body: reportBody(report, 'send_email'),
    globalErrors: false,
  });
  return data.message;
}

/** POST /report-builder/ csv: the answer is the file itself. */
export function downloadPositionsCsv(report: PositionsReport): Promise<void> {
  return downloadFile(
    '/report-builder',
    { method: 'POST', body: reportBody(report, 'csv'), globalErrors: false },
    'positions.csv',
  );
}
