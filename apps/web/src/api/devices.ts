import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  currentPositionSchema,
  deviceListItemSchema,
  type CurrentPosition,
  type DeviceListItem,
} from '@waymark/domain';
import { downloadFile, request } from './client';
import { checked } from './parse';

export const devicesKeys = {
  all: (accountId: number) => ['accounts', accountId, 'devices'] as const,
  list: (accountId: number) => ['accounts', accountId, 'devices', 'device-list'] as const,
  currentPositions: (accountId: number) =>
    ['accounts', accountId, 'devices', 'current-positions'] as const,
};

/**
 * Every tracker the user may see, with its current position (GET device-list): the list and
 * the map filter and page it in the browser, and realtime updates patch it in place.
 */
export async function fetchDeviceList(accountId: number, signal?: AbortSignal) {
  const data = await request<unknown>(`/accounts/${accountId}/device-list`, {
    query: { with_current_position: 1 },
    signal,
  });
  return checked(z.array(deviceListItemSchema), data, 'GET device-list');
}

export function useDeviceList(accountId: number | null, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: devicesKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchDeviceList(accountId!, signal),
    enabled: accountId !== null,
    refetchInterval,
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

/**
 * Puts a realtime position into the cached device list, so markers and rows move without a
 * refetch. Returns false when the tracker is not in the cached list.
 */
export function applyPosition(
  queryClient: QueryClient,
  accountId: number,
  position: CurrentPosition,
) {
  let found = false;
  queryClient.setQueryData<DeviceListItem[]>(devicesKeys.list(accountId), (list) => {
    if (!list) return list;
    return list.map((device) => {
      if (device.id !== position.device_id) return device;
      found = true;
      const previous = device.current_position;
      // Out-of-order delivery: a late older fix must not move the marker back.
      if (previous && Date.parse(previous.timestamp) > Date.parse(position.timestamp)) {
        return device;
      }
      return { ...device, current_position: position };
    });
  });
  return found;
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
