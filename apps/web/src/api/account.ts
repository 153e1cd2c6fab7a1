import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HistoryRetention,
  Me,
  PasswordUpdate,
  PositionFilterSettings,
  Setting,
  Timezone,
  User,
  UserUpdate,
} from '@waymark/domain';
import { request } from './client';
import { ME_KEY } from './auth';

export function useTimezones() {
  return useQuery({
    queryKey: ['timezones'],
    queryFn: () => request<Timezone[]>('/timezones'),
    staleTime: Infinity,
  });
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdate) => request<User>(`/users/${userId}`, { method: 'PUT', body }),
    onSuccess: (user) => {
      queryClient.setQueryData<Me>(ME_KEY, (me) => (me ? { ...me, ...user } : me));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordUpdate) => request<unknown>('/password', { method: 'POST', body }),
  });
}

export function useUserSettings(accountId: number | undefined) {
  return useQuery({
    queryKey: ['user-settings', accountId],
    queryFn: () => request<Setting[]>(`/accounts/${accountId}/user-settings`),
    enabled: accountId !== undefined,
  });
}

export function useSaveUserSettings(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Setting[]) =>
      request<Setting[]>(`/accounts/${accountId}/user-settings`, {
        method: 'POST',
        body: { settings },
      }),
    onSuccess: (settings) => queryClient.setQueryData(['user-settings', accountId], settings),
  });
}

/** The account's position filter bounds (admins: manage Account). */
export function usePositionFilter(accountId: number | undefined) {
  return useQuery({
    queryKey: ['position-filter', accountId],
    queryFn: () => request<PositionFilterSettings>(`/accounts/${accountId}/position-filter`),
    enabled: accountId !== undefined,
  });
}

export function useSavePositionFilter(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PositionFilterSettings) =>
      request<PositionFilterSettings>(`/accounts/${accountId}/position-filter`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => queryClient.setQueryData(['position-filter', accountId], saved),
  });
}

/** How long the account keeps its raw positions (admins: manage Account); read-only. */
export function useHistoryRetention(accountId: number | undefined) {
  return useQuery({
    queryKey: ['history-retention', accountId],
    queryFn: () => request<HistoryRetention>(`/accounts/${accountId}/history-retention`),
    enabled: accountId !== undefined,
  });
}
