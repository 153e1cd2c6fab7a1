import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandSchema,
  deviceDetailsSchema,
  deviceMessageSchema,
  deviceTriggersSchema,
  filteredCountSchema,
  historyPositionSchema,
  MAX_DEVICE_MESSAGES,
  type FilteredCount,
  type HistoryColumns,
  type HistoryPosition,
  type ApiDeviceEvent,
  type ApiStop,
  type Command,
  type DeviceDetails,
  type DeviceMeta,
  type DeviceMessage,
  type DeviceTriggers,
  type PageMeta,
  type SendCommand,
} from '@waymark/domain';
import { downloadFile, request, requestList } from './client';
import { checkedColumns } from './historyColumns';
import { checked, checkedRows } from './parse';

/** Events per page on tracker details (spec 000 §9). */
export const EVENTS_PER_PAGE = 5;

/** A closed time range as the history calls take it. */
export interface HistoryRange {
  from: Date;
  to: Date;
}

const devicePath = (accountId: number, deviceId: number) =>
  `/accounts/${accountId}/devices/${deviceId}`;

export const deviceDetailsKeys = {
  device: (accountId: number, deviceId: number) => ['accounts', accountId, 'devices', deviceId],
  meta: (accountId: number, deviceId: number) => [
    ...deviceDetailsKeys.device(accountId, deviceId),
    'meta',
  ],
  events: (accountId: number, deviceId: number) => [
    ...deviceDetailsKeys.device(accountId, deviceId),
    'events',
  ],
  history: (accountId: number, deviceId: number) => [
    ...deviceDetailsKeys.device(accountId, deviceId),
    'history',
  ],
  triggers: (deviceId: number) => ['devices', deviceId, 'triggers'],
  commands: (deviceId: number) => ['devices', deviceId, 'commands'],
  messages: (deviceId: number) => ['devices', deviceId, 'dialogs'],
};

const rangeQuery = (range: HistoryRange) => ({
  date_from: range.from.toISOString(),
  date_to: range.to.toISOString(),
});

/**
 * The tracker with its model, subscription, triggers and current position. A 404 is an
 * answer here (the screen shows NotFoundView), so the client's 404 page stays out of it.
 */
export function useDevice(accountId: number, deviceId: number) {
  return useQuery({
    queryKey: deviceDetailsKeys.device(accountId, deviceId),
    queryFn: async ({ signal }) =>
      checked(
        deviceDetailsSchema,
        await request<DeviceDetails>(devicePath(accountId, deviceId), {
          signal,
          notFoundPage: false,
        }),
        'device',
      ),
  });
}

export function useDeviceMeta(accountId: number, deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceDetailsKeys.meta(accountId, deviceId),
    queryFn: ({ signal }) =>
      request<DeviceMeta>(`${devicePath(accountId, deviceId)}/meta`, {
        signal,
        notFoundPage: false,
      }),
    enabled,
  });
}

export function useDeviceEvents(accountId: number, deviceId: number, page: number) {
  return useQuery({
    queryKey: [...deviceDetailsKeys.events(accountId, deviceId), page],
    queryFn: ({ signal }) =>
      requestList<ApiDeviceEvent, PageMeta>(`${devicePath(accountId, deviceId)}/events`, {
        query: { page, per_page: EVENTS_PER_PAGE },
        signal,
        notFoundPage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceTriggers(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceDetailsKeys.triggers(deviceId),
    queryFn: async ({ signal }) =>
      checked(
        deviceTriggersSchema,
        await request<DeviceTriggers>(`/devices/${deviceId}/triggers`, {
          signal,
          notFoundPage: false,
        }),
        'triggers',
      ),
    enabled,
  });
}

export function useDeviceCommands(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceDetailsKeys.commands(deviceId),
    queryFn: async ({ signal }) =>
      checked(
        commandSchema.array(),
        await request<Command[]>(`/devices/${deviceId}/commands`, { signal, notFoundPage: false }),
        'commands',
      ),
    enabled,
    staleTime: Infinity,
  });
}

/** The message log, newest first; the server keeps 100, and so does the screen. */
export function useDeviceMessages(deviceId: number) {
  return useQuery({
    queryKey: deviceDetailsKeys.messages(deviceId),
    queryFn: async ({ signal }) => {
      const messages = await request<DeviceMessage[]>(`/devices/${deviceId}/dialogs`, {
        query: { include: 'device' },
        signal,
        notFoundPage: false,
      });
      return checked(deviceMessageSchema.array(), messages, 'messages').slice(
        0,
        MAX_DEVICE_MESSAGES,
      );
    },
  });
}

/**
 * Position history of the range as columns (`format=columns`: one array per field, which the
 * trail, the charts and the replay read as they come); null range (the end is in the future)
 * fetches nothing.
 */
export function useDevicePositions(
  accountId: number,
  deviceId: number,
  range: HistoryRange | null,
) {
  return useQuery({
    queryKey: [...deviceDetailsKeys.history(accountId, deviceId), 'positions', range],
    queryFn: async ({ signal }) =>
      checkedColumns(
        await request<HistoryColumns>(`${devicePath(accountId, deviceId)}/positions`, {
          query: { ...rangeQuery(range as HistoryRange), format: 'columns' },
          signal,
          notFoundPage: false,
        }),
        'positions',
      ),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** How many fixes of the range the server filtered ('N fixes filtered in this range'). */
export function useFilteredCount(accountId: number, deviceId: number, range: HistoryRange | null) {
  return useQuery({
    queryKey: [...deviceDetailsKeys.history(accountId, deviceId), 'filtered-count', range],
    queryFn: async ({ signal }) =>
      checked(
        filteredCountSchema,
        await request<FilteredCount>(`${devicePath(accountId, deviceId)}/filtered-count`, {
          query: rangeQuery(range as HistoryRange),
          signal,
          notFoundPage: false,
        }),
        'filtered count',
      ),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The filtered fixes of the range, fetched only while the user shows them on the map. */
export function useFilteredFixes(
  accountId: number,
  deviceId: number,
  range: HistoryRange | null,
  shown: boolean,
) {
  return useQuery({
    queryKey: [...deviceDetailsKeys.history(accountId, deviceId), 'filtered', range],
    queryFn: async ({ signal }) => {
      const all = checkedRows(
        historyPositionSchema,
        await request<HistoryPosition[]>(`${devicePath(accountId, deviceId)}/positions`, {
          query: { ...rangeQuery(range as HistoryRange), include_filtered: 'true' },
          signal,
          notFoundPage: false,
        }),
        'positions',
      );
      return all.filter((p) => p.filter_reason);
    },
    enabled: range !== null && shown,
  });
}

export function useDeviceStops(accountId: number, deviceId: number, range: HistoryRange | null) {
  return useQuery({
    queryKey: [...deviceDetailsKeys.history(accountId, deviceId), 'stops', range],
    queryFn: ({ signal }) =>
      request<ApiStop[]>(`${devicePath(accountId, deviceId)}/stops`, {
        query: { ...rangeQuery(range as HistoryRange), format: 'zulu' },
        signal,
        notFoundPage: false,
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUpdateDevice(accountId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; note?: string | null }) =>
      request<DeviceDetails>(devicePath(accountId, deviceId), { method: 'PUT', body }),
    onSuccess: (device) => {
      queryClient.setQueryData(deviceDetailsKeys.device(accountId, deviceId), device);
      void queryClient.invalidateQueries({ queryKey: deviceDetailsKeys.meta(accountId, deviceId) });
      // The tracker list (its key in api/devices.ts) shows the name and note too.
      void queryClient.invalidateQueries({
        queryKey: ['accounts', accountId, 'devices', 'device-list'],
      });
    },
  });
}

export function useUpdateDeviceUsers(accountId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: number[]) =>
      request<{ users: DeviceMeta['users'] }>(`${devicePath(accountId, deviceId)}/users`, {
        method: 'PUT',
        body: { users },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceDetailsKeys.meta(accountId, deviceId) });
      // The users screen counts each user's devices.
      void queryClient.invalidateQueries({ queryKey: ['accounts', accountId, 'users'] });
    },
  });
}

export function useSaveTriggers(accountId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceTriggers) =>
      request<DeviceTriggers>(`/devices/${deviceId}/triggers`, { method: 'POST', body }),
    onSuccess: (triggers) => {
      queryClient.setQueryData(deviceDetailsKeys.triggers(deviceId), triggers);
      void queryClient.invalidateQueries({
        queryKey: deviceDetailsKeys.device(accountId, deviceId),
        exact: true,
      });
    },
  });
}

export function useSendCommand(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCommand) =>
      request<DeviceMessage>(`/devices/${deviceId}/commands`, { method: 'POST', body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: deviceDetailsKeys.messages(deviceId) }),
  });
}

/** 'Download these points' and 'Download stops' of one tracker (spec 000 §7). */
export function downloadHistory(
  accountId: number,
  deviceId: number,
  what: 'positions' | 'stops',
  range: HistoryRange,
): Promise<void> {
  const query: Record<string, string | number> = {
    ...rangeQuery(range),
    download: 'true',
    // Minutes west of UTC, so the file shows the times of this browser's clocks.
    offset: new Date().getTimezoneOffset(),
  };
  if (what === 'stops') query.format = 'zulu';
  return downloadFile(
    `${devicePath(accountId, deviceId)}/${what}`,
    { query, globalErrors: false },
    `${what}.csv`,
  );
}
