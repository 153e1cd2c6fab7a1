import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  decodeReportPositions,
  publicReportRowsSchema,
  reportDetailsRowsSchema,
  reportSchema,
  type ApiPublicReport,
  type ApiReport,
  type ApiReportDetails,
  type ReportCreateInput,
} from '@waymark/domain';
import { downloadFileOrQueued, request } from './client';
import { checked } from './parse';

export const reportsKeys = {
  all: (accountId: number) => ['accounts', accountId, 'reports'] as const,
  list: (accountId: number) => ['accounts', accountId, 'reports', 'list'] as const,
  one: (accountId: number, id: number) => ['accounts', accountId, 'reports', id] as const,
  public: (uuid: string) => ['public-reports', uuid] as const,
};

const base = (accountId: number) => `/accounts/${accountId}/reports`;

/** GET reports with their trackers, newest first. */
async function fetchReports(accountId: number, signal: AbortSignal, globalErrors = true) {
  return checked(
    z.array(reportSchema),
    await request<unknown>(base(accountId), {
      query: { include: 'device' },
      signal,
      globalErrors,
    }),
    'GET reports',
  );
}

/**
 * Preloads the list when the app opens on /reports (spec 002 §2.2), while the session and the
 * screen's code load; useReports() picks it up. Quiet on failure, like the other preloads.
 */
export function prefetchReports(queryClient: QueryClient, path: string, accountId: number | null) {
  if (accountId === null || !/^\/reports\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: reportsKeys.list(accountId),
    queryFn: ({ signal }) => fetchReports(accountId, signal, false),
  });
}

export function useReports(accountId: number | null) {
  return useQuery({
    queryKey: reportsKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchReports(accountId!, signal),
    enabled: accountId !== null,
  });
}

/**
 * GET one report with its snapshot: positions, stops, alerts and the summary. The positions
 * come in format=rows (a third of the objects' size at 86,400 of them) and are decoded here.
 */
export function useReport(accountId: number | null, id: number | null) {
  return useQuery({
    queryKey: reportsKeys.one(accountId ?? 0, id ?? 0),
    queryFn: async ({ signal }): Promise<ApiReportDetails> => {
      const data = checked(
        reportDetailsRowsSchema,
        await request<unknown>(`${base(accountId!)}/${id}`, {
          query: { include: 'device', format: 'rows' },
          signal,
        }),
        'GET report',
      );
      return { ...data, positions: decodeReportPositions(data.positions, data.device.id) };
    },
    enabled: accountId !== null && id !== null,
  });
}

/** GET public-reports/{uuid}: the public page, without login. */
export function usePublicReport(uuid: string) {
  return useQuery({
    queryKey: reportsKeys.public(uuid),
    queryFn: async ({ signal }): Promise<ApiPublicReport> => {
      const data = checked(
        publicReportRowsSchema,
        await request<unknown>(`/public-reports/${encodeURIComponent(uuid)}`, {
          query: { include: 'device', format: 'rows' },
          signal,
          // The page shows its own error toast; no redirect to login or 404.
          globalErrors: false,
          notFoundPage: false,
        }),
        'GET public report',
      );
      // The public page's positions carry no tracker id it could use.
      return { ...data, positions: decodeReportPositions(data.positions, 0) };
    },
    retry: false,
  });
}

/** POST a new report; 422 messages are left to the form (no global toast). */
export function useCreateReport(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportCreateInput) =>
      checked(
        reportSchema,
        await request<unknown>(base(accountId), {
          method: 'POST',
          query: { include: 'device' },
          body,
          globalErrors: false,
        }),
        'POST report',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.list(accountId) }),
  });
}

/**
 * PUT is_public. The answer replaces the row in the cached list, so the link shows at once
 * without asking for the whole list again.
 */
export function useSetReportPublic(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isPublic }: { id: number; isPublic: boolean }) =>
      checked(
        reportSchema,
        await request<unknown>(`${base(accountId)}/${id}`, {
          method: 'PUT',
          body: { is_public: isPublic },
          globalErrors: false,
        }),
        'PUT report',
      ),
    onSuccess: (report: ApiReport) => {
      queryClient.setQueryData<ApiReport[]>(reportsKeys.list(accountId), (list) =>
        list?.map((r) => (r.id === report.id ? report : r)),
      );
    },
  });
}

/**
 * DELETE one report. Only the list is refreshed: asking for the deleted report again would
 * answer 404 and open the not-found page before the page moves on.
 */
export function useDeleteReport(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`${base(accountId)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.list(accountId) }),
  });
}

/** What a report export holds: the PDF, the addresses (positions) or the alerts (events). */
export type ReportExportType = 'pdf' | 'positions' | 'events';
/** The spreadsheets' formats (the PDF has none). */
export type SpreadsheetFormat = 'csv' | 'xlsx';

/** Minutes east of UTC, so the file shows this browser's clock times (the contract's offset). */
export const utcOffsetMinutes = (date = new Date()) => -date.getTimezoneOffset() || 0;

/** Which report a download is of: a signed-in user's by id, or a public one by uuid. */
export type ReportRef = { id: number } | { uuid: string };

/** The export call's path and query for a report (the contract's two export routes). */
export function reportExportRequest(
  ref: ReportRef,
  type: ReportExportType,
  format: SpreadsheetFormat = 'xlsx',
  offset = utcOffsetMinutes(),
): { path: string; query: Record<string, string | number> } {
  const query: Record<string, string | number> = {};
  // The signed-in route takes the type as a query value, pdf by default; the public one in its path.
  if ('id' in ref && type !== 'pdf') query.type = type;
  if (type !== 'pdf') query.format = format;
  query.offset = offset;
  const path =
    'id' in ref
      ? `/reports/${ref.id}/export`
      : `/public-reports/${encodeURIComponent(ref.uuid)}/export/${type}`;
  return { path, query };
}

/** The file name used when the server sends none. */
export function reportFileName(type: ReportExportType, format: SpreadsheetFormat = 'xlsx') {
  if (type === 'pdf') return 'report.pdf';
  return `report-${type === 'positions' ? 'addresses' : 'alerts'}.${format}`;
}

/**
 * Downloads a report's PDF or spreadsheet. 'queued': the PDF is being made as a job and its
 * link will be e-mailed (spec 002 §8).
 */
export function downloadReport(
  ref: ReportRef,
  type: ReportExportType,
  format: SpreadsheetFormat = 'xlsx',
) {
  const { path, query } = reportExportRequest(ref, type, format);
  return downloadFileOrQueued(path, { query, globalErrors: false }, reportFileName(type, format));
}
