import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  reportScheduleRecipientSchema,
  reportScheduleSchema,
  type ApiReportSchedule,
  type ApiReportScheduleRecipient,
  type ReportScheduleCreate,
  type ReportScheduleUpdate,
} from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

export type { ApiReportSchedule, ApiReportScheduleRecipient };

const key = (accountId: number) => ['accounts', accountId, 'report-schedules'] as const;
const base = (accountId: number) => `/accounts/${accountId}/report-schedules`;

/** GET the account's scheduled fleet reports, newest first (manage Reports only). */
export function useReportSchedules(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(accountId),
    queryFn: async ({ signal }) =>
      checked(
        z.array(reportScheduleSchema),
        await request<unknown>(base(accountId), { signal }),
        'GET report-schedules',
      ),
    enabled,
  });
}

/** POST a schedule; 422 messages are left to the form (no global toast). */
export function useCreateReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportScheduleCreate) =>
      checked(
        reportScheduleSchema,
        await request<unknown>(base(accountId), { method: 'POST', body, globalErrors: false }),
        'POST report-schedule',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(accountId) }),
  });
}

/** PUT the whole schedule again (an edit); 422 messages are left to the form. */
export function useUpdateReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ReportScheduleUpdate }) =>
      checked(
        reportScheduleSchema,
        await request<unknown>(`${base(accountId)}/${id}`, {
          method: 'PUT',
          body,
          globalErrors: false,
        }),
        'PUT report-schedule',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(accountId) }),
  });
}

/** GET the account's users a schedule can mail, by name (manage Reports only). */
export function useScheduleRecipients(accountId: number) {
  return useQuery({
    queryKey: [...key(accountId), 'recipients'],
    queryFn: async ({ signal }) =>
      checked(
        z.array(reportScheduleRecipientSchema),
        await request<unknown>(`${base(accountId)}/recipients`, { signal }),
        'GET report-schedules/recipients',
      ) as ApiReportScheduleRecipient[],
  });
}

export function useDeleteReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`${base(accountId)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(accountId) }),
  });
}
