import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  deviceListItemSchema,
  GROUP_MESSAGES,
  groupDetailsSchema,
  groupSchema,
  type DeviceListItem,
  type Group,
  type GroupDetails,
} from '@waymark/domain';
import { ApiError, request } from './client';
import { devicesKeys } from './devices';
import { checked } from './parse';

export const groupsKeys = {
  all: (accountId: number) => ['accounts', accountId, 'groups'] as const,
  list: (accountId: number) => ['accounts', accountId, 'groups', 'list'] as const,
  group: (accountId: number, groupId: number) =>
    ['accounts', accountId, 'groups', 'one', groupId] as const,
  candidates: (accountId: number, statuses: readonly string[]) =>
    [...devicesKeys.all(accountId), 'group-candidates', statuses.join(',')] as const,
};

const groupsPath = (accountId: number) => `/accounts/${accountId}/groups`;
const groupPath = (accountId: number, groupId: number) => `${groupsPath(accountId)}/${groupId}`;

/** Every group of the account without its devices (exclude_devices=1), by name. */
async function fetchGroups(accountId: number, signal?: AbortSignal, globalErrors = true) {
  return checked(
    z.array(groupSchema),
    await request<Group[]>(groupsPath(accountId), {
      query: { exclude_devices: 1 },
      signal,
      globalErrors,
    }),
    'GET groups',
  );
}

/**
 * Preloads the group list when the app opens on or moves to /groups (spec 002 §2.2);
 * useGroups() picks it up. Quiet on failure: a consumer account is the guard's to redirect.
 */
export function prefetchGroups(queryClient: QueryClient, path: string, accountId: number | null) {
  if (accountId === null || !/^\/groups\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: groupsKeys.list(accountId),
    queryFn: ({ signal }) => fetchGroups(accountId, signal, false),
  });
}

export function useGroups(accountId: number | null, enabled = true) {
  return useQuery({
    queryKey: groupsKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchGroups(accountId!, signal),
    enabled: accountId !== null && enabled,
  });
}

/** One group with its devices and their subscriptions; a 404 shows the not-found page. */
export function useGroup(accountId: number | null, groupId: number) {
  return useQuery({
    queryKey: groupsKeys.group(accountId ?? 0, groupId),
    queryFn: async ({ signal }) =>
      checked(
        groupDetailsSchema,
        await request<GroupDetails>(groupPath(accountId!, groupId), { signal }),
        'GET group',
      ),
    enabled: accountId !== null && Number.isInteger(groupId) && groupId > 0,
  });
}

/** Trackers the group wizard offers (B2B group pages list cancelled ones too, spec 002 §9). */
export function useGroupCandidates(accountId: number | null, statuses: readonly string[]) {
  return useQuery({
    queryKey: groupsKeys.candidates(accountId ?? 0, statuses),
    queryFn: async ({ signal }) =>
      checked(
        z.array(deviceListItemSchema),
        await request<DeviceListItem[]>(`/accounts/${accountId}/device-list`, {
          query: { subscription_status: statuses.join(',') },
          signal,
        }),
        'GET device-list',
      ),
    enabled: accountId !== null,
  });
}

/**
 * What a failed group write tells the user: 'Access denied' without manage Groups (spec 000
 * §8), else the server's message. Writes answer here, not with the 403 page.
 */
export function groupErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 403) return GROUP_MESSAGES.accessDenied;
  return error instanceof Error ? error.message : null;
}

type GroupWrite =
  | { kind: 'create'; name: string; deviceIds: number[] }
  | { kind: 'rename'; groupId: number; name: string }
  | { kind: 'add'; groupId: number; deviceIds: number[] }
  | { kind: 'swap'; groupId: number; deviceIds: number[] }
  /** No deviceIds: every member leaves the group. */
  | { kind: 'remove'; groupId: number; deviceIds?: number[] }
  | { kind: 'delete'; groupId: number };

function send(accountId: number, write: GroupWrite): Promise<Group | { id: number }> {
  const options = { globalErrors: false } as const;
  switch (write.kind) {
    case 'create':
      return request<Group>(groupsPath(accountId), {
        ...options,
        method: 'POST',
        body: { name: write.name, device_ids: write.deviceIds },
      });
    case 'rename':
      return request<Group>(groupPath(accountId, write.groupId), {
        ...options,
        method: 'PUT',
        body: { name: write.name },
      });
    case 'add':
      return request<Group>(`${groupPath(accountId, write.groupId)}/devices`, {
        ...options,
        method: 'POST',
        body: { device_ids: write.deviceIds },
      });
    case 'swap':
      return request<Group>(`${groupPath(accountId, write.groupId)}/devices-swap`, {
        ...options,
        method: 'POST',
        body: { device_ids: write.deviceIds },
      });
    case 'remove':
      return request<Group>(`${groupPath(accountId, write.groupId)}/devices`, {
        ...options,
        method: 'DELETE',
        body: write.deviceIds ? { device_ids: write.deviceIds } : undefined,
      });
    case 'delete':
      return request<{ id: number }>(groupPath(accountId, write.groupId), {
        ...options,
        method: 'DELETE',
      });
  }
}

/**
 * Every group write (spec 000 §7 "Groups"). Afterwards the groups and the tracker lists are
 * refetched: trackers carry their group_ids.
 */
export function useGroupWrite(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: GroupWrite) => send(accountId, write),
    onSuccess: (_result, write) => {
      void queryClient.invalidateQueries({ queryKey: groupsKeys.list(accountId) });
      // A deleted group's screen is left right away; refetching it would only answer 404.
      if (write.kind !== 'create' && write.kind !== 'delete') {
        void queryClient.invalidateQueries({
          queryKey: groupsKeys.group(accountId, write.groupId),
        });
      }
      void queryClient.invalidateQueries({ queryKey: devicesKeys.all(accountId) });
    },
  });
}
