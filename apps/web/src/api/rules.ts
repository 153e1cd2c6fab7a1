import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  commandSchema,
  deviceListItemSchema,
  ruleFiringSchema,
  ruleSchema,
  ruleTestResultSchema,
  trackerModelSchema,
  type RuleSaveInput,
  type RuleTestRequestInput,
} from '@waymark/domain';
import { request, requestList } from './client';
import { checked } from './parse';

export const rulesKeys = {
  all: (accountId: number) => ['accounts', accountId, 'rules'] as const,
  list: (accountId: number) => ['accounts', accountId, 'rules', 'list'] as const,
  one: (accountId: number, id: number) => ['accounts', accountId, 'rules', id] as const,
  firings: (accountId: number, id: number) =>
    ['accounts', accountId, 'rules', id, 'firings'] as const,
};

const one = (id: number) => `/rules-engine/${id}`;

/** GET /rules-engine: the account's rules by name. */
async function fetchRules(accountId: number, signal: AbortSignal, globalErrors = true) {
  const { data } = await requestList<unknown, unknown>('/rules-engine', {
    query: { account_id: accountId },
    signal,
    globalErrors,
  });
  return checked(z.array(ruleSchema), data, 'GET rules');
}

/**
 * Preloads the list when the app opens on /rules (spec 002 §2.2), while the session and the
 * screen's code load. Quiet on failure: an account without rules is sent on by the guard.
 */
export function prefetchRules(queryClient: QueryClient, path: string, accountId: number | null) {
  if (accountId === null || !/^\/rules\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: rulesKeys.list(accountId),
    queryFn: ({ signal }) => fetchRules(accountId, signal, false),
  });
}

export function useRules(accountId: number | null) {
  return useQuery({
    queryKey: rulesKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchRules(accountId!, signal),
    enabled: accountId !== null,
  });
}

/** GET /rules-engine/{id}. */
export function useRule(accountId: number | null, id: number | null) {
  return useQuery({
    queryKey: rulesKeys.one(accountId ?? 0, id ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        ruleSchema,
        await request<unknown>(one(id!), { query: { account_id: accountId }, signal }),
        'GET rule',
      ),
    enabled: accountId !== null && id !== null,
  });
}

/** GET /rules-engine/{id}/firings: the rule's log, refreshed while the page is open. */
export function useRuleFirings(accountId: number, id: number) {
  return useQuery({
    queryKey: rulesKeys.firings(accountId, id),
    queryFn: async ({ signal }) =>
      checked(
        z.array(ruleFiringSchema),
        await request<unknown>(`${one(id)}/firings`, { query: { account_id: accountId }, signal }),
        'GET rule firings',
      ),
    refetchInterval: 5_000,
  });
}

/** POST (create) or PUT (update) a rule; failures are the form's to show. */
export function useSaveRule(accountId: number, id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RuleSaveInput) =>
      checked(
        ruleSchema,
        await request<unknown>(id === null ? '/rules-engine' : one(id), {
          method: id === null ? 'POST' : 'PUT',
          query: { account_id: accountId },
          body,
          globalErrors: false,
        }),
        id === null ? 'POST rule' : 'PUT rule',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.all(accountId) }),
  });
}

/** DELETE a rule; only the list is refreshed (the page that deleted it moves on). */
export function useDeleteRule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<unknown>(one(id), {
        method: 'DELETE',
        query: { account_id: accountId },
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.list(accountId) }),
  });
}

/**
 * POST /rules-engine/test: 'Test on the last 7 days' of the rule as the form holds it, saved
 * or not (nothing is sent).
 */
export function useTestRule(accountId: number) {
  return useMutation({
    mutationFn: async (body: RuleTestRequestInput) =>
      checked(
        ruleTestResultSchema,
        await request<unknown>('/rules-engine/test', {
          method: 'POST',
          query: { account_id: accountId },
          body,
          globalErrors: false,
        }),
        'POST rule test',
      ),
  });
}

/** The rule editor's model list: GET /models (per_page 200). */
export function useModels() {
  return useQuery({
    queryKey: ['models'],
    queryFn: async ({ signal }) => {
      const { data } = await requestList<unknown, unknown>('/models', {
        query: { per_page: 200 },
        signal,
      });
      return checked(z.array(trackerModelSchema), data, 'GET models');
    },
    staleTime: Infinity,
  });
}

/** A model's commands, for the send-command action; a null model waits. */
export function useModelCommands(modelId: number | null) {
  return useQuery({
    queryKey: ['models', modelId, 'commands'],
    queryFn: async ({ signal }) =>
      checked(
        z.array(commandSchema),
        await request<unknown>(`/models/${modelId}/commands`, { signal }),
        'GET model commands',
      ),
    enabled: modelId !== null,
    staleTime: Infinity,
  });
}

export interface TrackerOption {
  id: number;
  name: string;
}

/**
 * The tracker search of the rule editor (spec 001 §7): by the typed text among active
 * trackers, or the chosen ones by ids as a comma list.
 */
export async function searchTrackers(
  accountId: number,
  by: { query: string } | { ids: number[] },
  signal?: AbortSignal,
): Promise<TrackerOption[]> {
  const query =
    'ids' in by
      ? { ids: by.ids.join(','), per_page: 500 }
      : { query: by.query, subscription_status: 'active', per_page: 25 };
  const { data } = await requestList<unknown, unknown>(`/accounts/${accountId}/devices`, {
    query,
    signal,
  });
  return checked(z.array(deviceListItemSchema), data, 'GET devices').map((d) => ({
    id: d.id,
    name: d.name,
  }));
}
