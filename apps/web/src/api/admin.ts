import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminAccountSchema,
  adminDeviceSchema,
  adminUserSchema,
  auditEntrySchema,
  outboundMessageSchema,
  unassignedDeviceSchema,
  type AdminAccount,
  type AdminAccountCreateInput,
  type AdminDevice,
  type AdminUser,
  type AuditEntry,
  type Imitation,
  type AdminOrderCreate,
  type Order,
  type OutboundChannelName,
  type PageMeta,
  type UnassignedDevice,
} from '@waymark/domain';
import { request, requestList } from './client';
import { checked } from './parse';

/** The account a platform admin opened without belonging to it (see loadSession). */
export const openedAccountKey = (accountId: number | null) =>
  ['admin', 'opened-account', accountId] as const;

/**
 * One account as a platform admin sees it from outside. Start-up asks for it, so failures are
 * the caller's: an account that is gone just leaves the admin on their accounts list.
 */
export async function fetchAdminAccount(accountId: number): Promise<AdminAccount> {
  const data = await request<unknown>(`/admin/accounts/${accountId}`, { globalErrors: false });
  return checked(adminAccountSchema, data, 'GET /admin/accounts/{id}');
}

export interface AdminPageQuery {
  page: number;
  perPage: number;
  query: string;
}

const adminAccountList = z.array(adminAccountSchema);

/** Every account, by title, a page at a time (platform admins only). */
export function useAdminAccounts(params: AdminPageQuery) {
  return useQuery({
    queryKey: ['admin', 'accounts', params],
    queryFn: async ({ signal }) => {
      const list = await requestList<unknown, PageMeta>('/admin/accounts', {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return { ...list, data: checked(adminAccountList, list.data, 'GET /admin/accounts') };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/accounts: a new customer account; the accounts list is asked again. */
export function useCreateAdminAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminAccountCreateInput) =>
      checked(
        adminAccountSchema,
        await request<unknown>('/admin/accounts', { method: 'POST', body, globalErrors: false }),
        'POST /admin/accounts',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}

/**
 * The one outbox: every message Waymark sends (all channels, or one), with its status,
 * newest first, a page at a time (platform admins only).
 */
export function useOutbox(
  channel: OutboundChannelName | null,
  params: { page: number; perPage: number; query: string },
) {
  return useQuery({
    queryKey: ['admin', 'outbound-messages', channel, params],
    queryFn: async ({ signal }) => {
      const path = '/admin/outbound-messages';
      const list = await requestList<unknown, PageMeta>(path, {
        query: {
          page: params.page,
          per_page: params.perPage,
          query: params.query,
          ...(channel ? { channel } : {}),
        },
        signal,
      });
      return { ...list, data: checked(z.array(outboundMessageSchema), list.data, `GET ${path}`) };
    },
    placeholderData: keepPreviousData,
  });
}

/** An order a platform admin made for an account, with the link its customer pays from. */
export type AdminOrder = Order & { approve_url: string };

/** POST /admin/accounts/{accountId}/orders: the order, its schedule and its approve link. */
export function useCreateAdminOrder(accountId: number) {
  return useMutation({
    mutationFn: (body: AdminOrderCreate) =>
      request<AdminOrder>(`/admin/accounts/${accountId}/orders`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
  });
}

const adminUserList = z.array(adminUserSchema);
const auditList = z.array(auditEntrySchema);

/** Every user, by name, searched by name or e-mail (platform admins only). */
export function useAdminUsers(params: AdminPageQuery) {
  return useQuery({
    queryKey: ['admin', 'users', params],
    queryFn: async ({ signal }) => {
      const list = await requestList<unknown, PageMeta>('/admin/users', {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return {
        ...list,
        data: checked(adminUserList, list.data, 'GET /admin/users') as AdminUser[],
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** An imitation token to act as the user with (POST /admin/users/{id}/imitation). */
export const startImitation = (userId: number) =>
  request<Imitation>(`/admin/users/${userId}/imitation`, { method: 'POST', globalErrors: false });

/** Writes of platform admins, own and while imitating, newest first. */
export function useAuditLog(params: AdminPageQuery) {
  return useQuery({
    queryKey: ['admin', 'audit-log', params],
    queryFn: async ({ signal }) => {
      const list = await requestList<unknown, PageMeta>('/admin/audit-log', {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return {
        ...list,
        data: checked(auditList, list.data, 'GET /admin/audit-log') as AuditEntry[],
      };
    },
    placeholderData: keepPreviousData,
  });
}

const adminDeviceList = z.array(adminDeviceSchema);

/** Every account's trackers, by name, searched by name, serial, IMEI or account. */
export function useAdminDevices(params: AdminPageQuery) {
  return useQuery({
    queryKey: ['admin', 'devices', params],
    queryFn: async ({ signal }) => {
      const list = await requestList<unknown, PageMeta>('/admin/devices', {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return {
        ...list,
        data: checked(adminDeviceList, list.data, 'GET /admin/devices') as AdminDevice[],
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** Serials that report without belonging to a tracker, most recently heard first. */
export function useUnassignedDevices() {
  return useQuery({
    queryKey: ['admin', 'unassigned-devices'],
    queryFn: async ({ signal }) =>
      checked(
        z.array(unassignedDeviceSchema),
        await request<unknown>('/admin/unassigned-devices', { signal }),
        'GET /admin/unassigned-devices',
      ) as UnassignedDevice[],
  });
}
