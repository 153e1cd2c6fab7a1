import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, PasswordChange, Setting, Timezone, User, UserUpdate } from '@waymark/domain';
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
    mutationFn: (body: PasswordChange) => request<unknown>('/password', { method: 'POST', body }),
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
