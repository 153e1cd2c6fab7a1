import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ALERTS_PAGE_SIZE,
  alertEventSchema,
  notificationSettingsSchema,
  type NotificationSetting,
  type PageMeta,
} from '@waymark/domain';
import { downloadFile, request, requestList } from './client';
import { checked } from './parse';

export const alertsKeys = {
  settings: (accountId: number) => ['accounts', accountId, 'notification-settings'] as const,
  events: (accountId: number) => ['accounts', accountId, 'events'] as const,
  page: (accountId: number, page: number) => ['accounts', accountId, 'events', page] as const,
};

const settingsPath = (accountId: number) => `/accounts/${accountId}/notification-settings`;

/** The signed-in user's notification settings in the account: every code of spec 001 §3. */
export function useNotificationSettings(accountId: number) {
  return useQuery({
    queryKey: alertsKeys.settings(accountId),
    queryFn: async ({ signal }) =>
      checked(
        notificationSettingsSchema,
        await request<NotificationSetting[]>(settingsPath(accountId), { signal }),
        'GET notification-settings',
      ),
  });
}

/** Stores `{ settings: [{ code, value }] }`; the answer replaces the cached settings. */
export function useStoreNotificationSettings(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSetting[]) =>
      request<NotificationSetting[]>(settingsPath(accountId), {
        method: 'PUT',
        body: { settings },
        globalErrors: false,
      }),
    onSuccess: (settings) => queryClient.setQueryData(alertsKeys.settings(accountId), settings),
  });
}

/** Recent Alerts: one page of the account's events, 10 a page (spec 001 §9). */
export function useRecentAlerts(accountId: number, page: number) {
  return useQuery({
    queryKey: alertsKeys.page(accountId, page),
    queryFn: async ({ signal }) => {
      const { data, meta } = await requestList<unknown, PageMeta>(`/accounts/${accountId}/events`, {
        query: { page, per_page: ALERTS_PAGE_SIZE },
        signal,
      });
      return { data: checked(z.array(alertEventSchema), data, 'GET events'), meta };
    },
    placeholderData: keepPreviousData,
  });
}

/** The event download by id: one event as a spreadsheet, in this browser's clock times. */
export function downloadEvent(accountId: number, eventId: number): Promise<void> {
  return downloadFile(
    `/accounts/${accountId}/events/${eventId}`,
    {
      query: { download: 'true', offset: new Date().getTimezoneOffset() },
      globalErrors: false,
    },
    `event-${eventId}.csv`,
  );
}
