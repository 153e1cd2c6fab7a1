import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dwellDeviceSchema,
  dwellGeofenceSchema,
  dwellPercentage,
  type DwellGeofence,
  type DwellSettingField,
} from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

export const dwellKeys = {
  all: (accountId: number) => ['accounts', accountId, 'dwell'] as const,
  tables: (accountId: number) => ['accounts', accountId, 'dwell', 'geofences'] as const,
  table: (accountId: number, period: number, search: string) =>
    ['accounts', accountId, 'dwell', 'geofences', { period, search }] as const,
  devices: (accountId: number, geofenceId: number) =>
    ['accounts', accountId, 'dwell', 'devices', geofenceId] as const,
};

/** The geofence screens cache under this key; an inline edit changes what they show too. */
const geofencesKey = (accountId: number) => ['accounts', accountId, 'geofences'] as const;

/** GET dwell/geofences: the dwell table for a period, optionally searched by the server. */
export function useDwellTable(accountId: number, period: number, search: string) {
  return useQuery({
    queryKey: dwellKeys.table(accountId, period, search),
    queryFn: async ({ signal }) =>
      checked(
        z.array(dwellGeofenceSchema),
        await request<unknown>(`/accounts/${accountId}/dwell/geofences`, {
          query: { period, search },
          signal,
        }),
        'GET dwell/geofences',
      ),
    // The rows stay while another period or search loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/**
 * GET dwell/geofences/{id}/devices, loaded when a row expands. A missing geofence is shown in
 * the row, not as the 404 page.
 */
export function useDwellDevices(accountId: number, geofenceId: number) {
  return useQuery({
    queryKey: dwellKeys.devices(accountId, geofenceId),
    queryFn: async ({ signal }) =>
      checked(
        z.array(dwellDeviceSchema),
        await request<unknown>(`/accounts/${accountId}/dwell/geofences/${geofenceId}/devices`, {
          signal,
          notFoundPage: false,
        }),
        'GET dwell devices',
      ),
    retry: false,
  });
}

/** The row as it reads after one setting changed: the SLA share follows a new SLA at once. */
export function withSetting(
  row: DwellGeofence,
  field: DwellSettingField,
  value: number | null,
): DwellGeofence {
  const next = { ...row, [field]: value };
  return {
    ...next,
    average_dwell_time_percentage: dwellPercentage(next.avg_time, next.allowable_dwell_days),
  };
}

export interface DwellSettingChange {
  geofenceId: number;
  field: DwellSettingField;
  value: number | null;
}

/**
 * An inline edit: PUT geofences/{id} with the one field (the geofence update keeps the
 * others). The cached rows take the new value at once, then the figures are fetched again.
 */
export function useUpdateDwellSetting(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ geofenceId, field, value }: DwellSettingChange) =>
      request<{ id: number }>(`/accounts/${accountId}/geofences/${geofenceId}`, {
        method: 'PUT',
        body: { [field]: value },
        notFoundPage: false,
      }),
    onSuccess: (_saved, { geofenceId, field, value }) => {
      queryClient.setQueriesData<DwellGeofence[]>(
        { queryKey: dwellKeys.tables(accountId) },
        (rows) =>
          rows?.map((row) => (row.id === geofenceId ? withSetting(row, field, value) : row)),
      );
      void queryClient.invalidateQueries({ queryKey: dwellKeys.all(accountId) });
      void queryClient.invalidateQueries({ queryKey: geofencesKey(accountId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: dwellKeys.all(accountId) }),
  });
}
