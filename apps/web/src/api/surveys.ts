import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  surveyResponseSchema,
  surveyStatusSchema,
  type PageMeta,
  type SurveyResponse,
  type SurveyResponseCreate,
} from '@waymark/domain';
import type { AdminPageQuery } from './admin';
import { request, requestList } from './client';
import { checked } from './parse';

const surveyKey = (accountId: number) => ['survey', accountId] as const;

/**
 * Whether the satisfaction survey is for this session now (spec 002 §2.11); the server
 * decides (account settings, imitation, the last answer). Quiet on failure: no survey.
 */
export function useSurveyStatus(accountId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: surveyKey(accountId ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        surveyStatusSchema,
        await request<unknown>(`/accounts/${accountId}/survey`, { signal, globalErrors: false }),
        'GET survey',
      ),
    enabled: enabled && accountId !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** Answers or dismisses the survey; afterwards it is not shown again for a while. */
export function useRespondToSurvey(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyResponseCreate) =>
      request(`/accounts/${accountId}/survey-responses`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSettled: () => queryClient.setQueryData(surveyKey(accountId), { show: false }),
  });
}

const responseList = z.array(surveyResponseSchema);

/** Survey answers and dismissals, newest first (platform admins only). */
export function useSurveyResponses(params: AdminPageQuery) {
  return useQuery({
    queryKey: ['admin', 'survey-responses', params],
    queryFn: async ({ signal }) => {
      const list = await requestList<unknown, PageMeta>('/admin/survey-responses', {
        query: { page: params.page, per_page: params.perPage, query: params.query },
        signal,
      });
      return {
        ...list,
        data: checked(responseList, list.data, 'GET /admin/survey-responses') as SurveyResponse[],
      };
    },
    placeholderData: keepPreviousData,
  });
}
