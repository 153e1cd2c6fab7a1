import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta, Role } from '@waymark/domain';
import { requestList, request } from './client';

/** A row of GET /accounts/{id}/users. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  full_device_access: boolean;
  devices_count: number | null;
}

export interface AccountUsersQuery {
  page: number;
  perPage: number;
  query: string;
}

export function useAccountUsers(accountId: number, params: AccountUsersQuery) {
  return useQuery({
    queryKey: ['accounts', accountId, 'users', params],
    queryFn: ({ signal }) =>
      requestList<AccountUser, PageMeta>(`/accounts/${accountId}/users`, {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const apiTokenKey = (accountId: number) => ['accounts', accountId, 'api-token'];

export function useApiToken(accountId: number) {
  return useQuery({
    queryKey: apiTokenKey(accountId),
    queryFn: () => request<{ api_token: string | null }>(`/accounts/${accountId}/api-token`),
  });
}

export function useResetApiToken(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request<{ api_token: string }>(`/accounts/${accountId}/reset-token`, { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(apiTokenKey(accountId), data),
  });
}
