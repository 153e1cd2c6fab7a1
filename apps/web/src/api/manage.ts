import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitation,
  AccountUser,
  AccountUserUpdate,
  Invitation,
  InviteRequest,
  InviteResult,
  PageMeta,
} from '@waymark/domain';
import { requestList, request } from './client';

export type { AccountUser };

export interface AccountUsersQuery {
  page: number;
  perPage: number;
  query: string;
}

export const usersKey = (accountId: number) => ['accounts', accountId, 'users'];

function fetchUsers(
  accountId: number,
  params: AccountUsersQuery,
  counted: boolean,
  signal: AbortSignal,
) {
  return requestList<AccountUser, PageMeta>(`/accounts/${accountId}/users`, {
    query: {
      page: params.page,
      per_page: params.perPage,
      query: params.query,
      ...(counted ? { include: 'devicesCount' } : {}),
    },
    signal,
  });
}

/** A page of the account's users (without device counts). */
export function useAccountUsers(accountId: number, params: AccountUsersQuery) {
  return useQuery({
    queryKey: [...usersKey(accountId), params],
    queryFn: ({ signal }) => fetchUsers(accountId, params, false, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A page of the account's users, and the same page with each limited user's trackers counted
 * (through groups too): the list shows at once, the Devices column says 'Loading' until the
 * counts arrive.
 */
export function useAccountUsersCounted(accountId: number, params: AccountUsersQuery) {
  const list = useAccountUsers(accountId, params);
  const counts = useQuery({
    queryKey: [...usersKey(accountId), params, 'devicesCount'],
    queryFn: ({ signal }) => fetchUsers(accountId, params, true, signal),
    enabled: list.isSuccess,
  });
  const countOf = new Map(counts.data?.data.map((u) => [u.id, u.devices_count]) ?? []);
  return { list, countOf, counting: !counts.isSuccess || counts.isPlaceholderData };
}

function useUsersWrite<V, R>(accountId: number, write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(accountId) }),
  });
}

export function useInviteUsers(accountId: number) {
  return useUsersWrite(accountId, (body: InviteRequest) =>
    request<InviteResult>(`/v2/accounts/${accountId}/invites`, { method: 'POST', body }),
  );
}

export function useUpdateAccountUser(accountId: number) {
  return useUsersWrite(accountId, ({ userId, body }: { userId: number; body: AccountUserUpdate }) =>
    request<AccountUser>(`/v2/accounts/${accountId}/users/${userId}`, { method: 'PUT', body }),
  );
}

export function useRemoveAccountUser(accountId: number) {
  return useUsersWrite(accountId, (userId: number) =>
    request<null>(`/accounts/${accountId}/users/${userId}`, {
      method: 'DELETE',
      globalErrors: false,
    }),
  );
}

/** The invitation of a create-account link; null when it is used, expired or unknown. */
export function useInvitation(accountId: number, token: string) {
  return useQuery({
    queryKey: ['invitation', accountId, token],
    queryFn: () =>
      request<Invitation>(`/accounts/${accountId}/users/invite`, {
        query: { token },
        globalErrors: false,
      }).catch(() => null),
    enabled: accountId > 0 && token !== '',
    retry: false,
  });
}

export interface AcceptedInvitation {
  token: string;
  account_id: number;
  user: { id: number; name: string; email: string };
}

/** A new login sends its name and the password twice; an existing login its own password. */
export function acceptInvitation(accountId: number, body: AcceptInvitation) {
  return request<AcceptedInvitation>(`/accounts/${accountId}/users/invite`, {
    method: 'PUT',
    body,
    globalErrors: false,
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
