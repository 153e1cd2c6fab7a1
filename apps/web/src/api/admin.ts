import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminAccountSchema,
  outboxMailSchema,
  outboxSmsSchema,
  type AdminAccount,
  type OutboxMail,
  type OutboxSms,
  type PageMeta,
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

export interface AdminAccountsQuery {
  page: number;
  perPage: number;
  query: string;
}

const adminAccountList = z.array(adminAccountSchema);

/** Every account, by title, a page at a time (platform admins only). */
export function useAdminAccounts(params: AdminAccountsQuery) {
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

const outboxLists = {
  mail: z.array(outboxMailSchema),
  sms: z.array(outboxSmsSchema),
};

/** The mail or SMS outbox, newest first, a page at a time (platform admins only). */
export function useOutbox(
  kind: 'mail' | 'sms',
  params: { page: number; perPage: number; query: string },
) {
  return useQuery({
    queryKey: ['admin', `${kind}-outbox`, params],
    queryFn: async ({ signal }) => {
      const path = `/admin/${kind}-outbox`;
      const list = await requestList<unknown, PageMeta>(path, {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return {
        ...list,
        data: checked(outboxLists[kind], list.data, `GET ${path}`) as (OutboxMail | OutboxSms)[],
      };
    },
    placeholderData: keepPreviousData,
  });
}
