import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  positionSchema,
  publicShipmentSchema,
  SHIPMENT_LIST_DAYS_AHEAD,
  SHIPMENT_LIST_DAYS_BACK,
  shipmentSchema,
  type ShipmentCreateInput,
  type ShipmentListKey,
  type ShipmentStatus,
} from '@waymark/domain';
import { downloadFile, request } from './client';
import { checked } from './parse';

/** What one list call asks for: the tab, the start-date window, the statuses and the search. */
export interface ShipmentListFilter {
  key: ShipmentListKey;
  from: Date;
  to: Date;
  /** Empty: every status. */
  statuses: ShipmentStatus[];
  search: string;
}

export const shipmentsKeys = {
  all: (accountId: number) => ['accounts', accountId, 'shipments'] as const,
  lists: (accountId: number) => ['accounts', accountId, 'shipments', 'list'] as const,
  list: (accountId: number, filter: ShipmentListFilter) =>
    [
      'accounts',
      accountId,
      'shipments',
      'list',
      filter.key,
      filter.from.toISOString(),
      filter.to.toISOString(),
      [...filter.statuses].sort().join(','),
      filter.search,
    ] as const,
  one: (accountId: number, id: number) => ['accounts', accountId, 'shipments', id] as const,
  history: (accountId: number, id: number) =>
    ['accounts', accountId, 'shipments', id, 'history'] as const,
  public: (uuid: string) => ['public-shipments', uuid] as const,
};

const base = (accountId: number) => `/accounts/${accountId}/shipments`;

/** The list call's query: the tab, the window on start_at, and what the list and map show. */
function listQuery(filter: ShipmentListFilter) {
  return {
    key: filter.key,
    date_from: filter.from.toISOString(),
    date_to: filter.to.toISOString(),
    status: filter.statuses.length > 0 ? filter.statuses.join(',') : undefined,
    search: filter.search.trim() || undefined,
  };
}

/**
 * The list's default window of start dates (spec 001 §9, spec 002 §9): from the start of the
 * day 15 days back to the end of the day 15 days ahead, on the browser's clock. Whole days, so
 * the screen and the preload ask for the same window (and share one cache entry) all day.
 */
export function defaultShipmentWindow(now: Date): { from: Date; to: Date } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  return {
    from: new Date(y, m, d - SHIPMENT_LIST_DAYS_BACK),
    to: new Date(y, m, d + SHIPMENT_LIST_DAYS_AHEAD, 23, 59, 59, 999),
  };
}

/** What a tab shows before the user narrows it: the default window, every status, no search. */
export function defaultShipmentFilter(key: ShipmentListKey, now: Date): ShipmentListFilter {
  return { key, ...defaultShipmentWindow(now), statuses: [], search: '' };
}

/** GET shipments of one tab: each with its tracker, geofences and current position. */
async function fetchShipments(
  accountId: number,
  filter: ShipmentListFilter,
  signal: AbortSignal,
  globalErrors = true,
) {
  return checked(
    z.array(shipmentSchema),
    await request<unknown>(base(accountId), {
      query: {
        ...listQuery(filter),
        include: 'device',
        with_geofences: 1,
        with_current_position: 1,
      },
      signal,
      globalErrors,
    }),
    'GET shipments',
  );
}

/** The list's path: /shipments (General) or /archived-shipments (Archived). */
const LIST_PATH = /^\/(archived-)?shipments\/?(\?|$)/;

/**
 * Preloads the list's default window when the app opens on a shipments list (spec 002 §2.2),
 * so it loads while the session and the screen's code do; useShipments() picks it up. Quiet on
 * failure: an account without shipments is sent elsewhere by the route's guard, not to /403.
 */
export function prefetchShipments(
  queryClient: QueryClient,
  path: string,
  accountId: number | null,
  now = new Date(),
) {
  const match = LIST_PATH.exec(path);
  if (accountId === null || !match) return;
  const filter = defaultShipmentFilter(match[1] ? 'archived' : 'general', now);
  void queryClient.prefetchQuery({
    queryKey: shipmentsKeys.list(accountId, filter),
    queryFn: ({ signal }) => fetchShipments(accountId, filter, signal, false),
  });
}

/** GET shipments of one tab (see fetchShipments); a null account waits. */
export function useShipments(
  accountId: number | null,
  filter: ShipmentListFilter,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: shipmentsKeys.list(accountId ?? 0, filter),
    queryFn: ({ signal }) => fetchShipments(accountId!, filter, signal),
    enabled: accountId !== null,
    // A new search or filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** GET one shipment with everything its details page draws: geofences, path, position, events. */
export function useShipment(
  accountId: number | null,
  id: number | null,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: shipmentsKeys.one(accountId ?? 0, id ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        shipmentSchema,
        await request<unknown>(`${base(accountId!)}/${id}`, {
          query: {
            include: 'device,events',
            with_geofences: 1,
            with_current_position: 1,
            with_path: 1,
          },
          signal,
        }),
        'GET shipment',
      ),
    enabled: accountId !== null && id !== null,
    refetchInterval,
  });
}

/** GET position-history: the tracker's positions during the shipment (the edit page's list). */
export function useShipmentHistory(accountId: number | null, id: number | null) {
  return useQuery({
    queryKey: shipmentsKeys.history(accountId ?? 0, id ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        z.array(positionSchema),
        await request<unknown>(`${base(accountId!)}/${id}/position-history`, { signal }),
        'GET shipment position history',
      ),
    enabled: accountId !== null && id !== null,
  });
}

/** GET public-shipments/{uuid}: the public tracking page, without login. */
export function usePublicShipment(uuid: string, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: shipmentsKeys.public(uuid),
    queryFn: async ({ signal }) =>
      checked(
        publicShipmentSchema,
        await request<unknown>(`/public-shipments/${encodeURIComponent(uuid)}`, {
          query: { include: 'events', with_current_position: 1, with_path: 1 },
          signal,
          // The page shows its own error toast and stays up; no redirect to login or 404.
          globalErrors: false,
          notFoundPage: false,
        }),
        'GET public shipment',
      ),
    refetchInterval,
    retry: false,
  });
}

/** The edit form's body: what PUT accepts (the tracker and locations are read-only). */
export interface ShipmentUpdateBody {
  name?: string;
  carrier?: string | null;
  /** 'yyyy-MM-dd HH:mm:ss' in UTC, as the spec's edit page sends them. */
  start_at?: string;
  end_at?: string;
  notify_at?: number;
  notification_emails?: string[] | null;
  notification_phone_numbers?: string[] | null;
}

/** Refreshes every cached shipment list and the one shipment after a write. */
function useInvalidateShipments(accountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shipmentsKeys.all(accountId) });
}

/** POST a new shipment; answers it. 422 messages are left to the form (no global toast). */
export function useCreateShipment(accountId: number) {
  const invalidate = useInvalidateShipments(accountId);
  return useMutation({
    mutationFn: async (body: ShipmentCreateInput) =>
      checked(
        shipmentSchema,
        await request<unknown>(base(accountId), { method: 'POST', body, globalErrors: false }),
        'POST shipment',
      ),
    onSuccess: invalidate,
  });
}

/** PUT a shipment's editable fields; answers it. */
export function useUpdateShipment(accountId: number, id: number) {
  const invalidate = useInvalidateShipments(accountId);
  return useMutation({
    mutationFn: async (body: ShipmentUpdateBody) =>
      checked(
        shipmentSchema,
        await request<unknown>(`${base(accountId)}/${id}`, {
          method: 'PUT',
          body,
          globalErrors: false,
        }),
        'PUT shipment',
      ),
    onSuccess: invalidate,
  });
}

/** POST …/finished: 'End shipment now'. */
export function useEndShipment(accountId: number, id: number) {
  const invalidate = useInvalidateShipments(accountId);
  return useMutation({
    mutationFn: async () =>
      checked(
        shipmentSchema,
        await request<unknown>(`${base(accountId)}/${id}/finished`, {
          method: 'POST',
          globalErrors: false,
        }),
        'POST shipment finished',
      ),
    onSuccess: invalidate,
  });
}

/**
 * DELETE one shipment. Only the lists are refreshed: the deleted shipment's own queries are
 * still mounted on the page that deletes it, and asking for them again would answer 404 and
 * open the not-found page before the page moves on.
 */
export function useDeleteShipment(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ id: number }>(`${base(accountId)}/${id}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentsKeys.lists(accountId) }),
  });
}

/** What a bulk call does: archive or unarchive, or delete from one tab. */
export type ShipmentBulkAction =
  { action: 'archive' | 'unarchive' } | { action: 'delete'; key: ShipmentListKey };

/** POST …/bulk/{archive|unarchive|delete} for the selected ids. */
export function useBulkShipments(accountId: number) {
  const invalidate = useInvalidateShipments(accountId);
  return useMutation({
    mutationFn: ({ ids, ...bulk }: ShipmentBulkAction & { ids: number[] }) =>
      request<unknown>(`${base(accountId)}/bulk/${bulk.action}`, {
        method: 'POST',
        body: bulk.action === 'delete' ? { ids, key: bulk.key } : { ids },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Minutes west of UTC, so the file shows this browser's clock times. */
const offset = () => new Date().getTimezoneOffset();

/** 'Download these shipments': the list's tab, window, statuses and search as a CSV file. */
export function downloadShipments(accountId: number, filter: ShipmentListFilter) {
  return downloadFile(
    base(accountId),
    { query: { ...listQuery(filter), download: true, offset: offset() }, globalErrors: false },
    'shipments.csv',
  );
}

/** 'Download these points': one shipment's path as a CSV file. */
export function downloadShipmentPoints(accountId: number, id: number) {
  return downloadFile(
    `${base(accountId)}/${id}`,
    { query: { download: true, offset: offset() }, globalErrors: false },
    `shipment-${id}.csv`,
  );
}
