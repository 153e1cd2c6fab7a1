import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  geofenceSchema,
  nearestGeofenceSchema,
  placeSchema,
  type Geofence,
  type GeofenceStoreInput,
  type Place,
} from '@waymark/domain';
import { request, requestList } from './client';
import { checked } from './parse';

/** Lists are fetched whole: the list and the map page and search them in the browser. */
export const GEOFENCE_LIST_LIMIT = 5000;

export const geofencesKeys = {
  all: (accountId: number) => ['accounts', accountId, 'geofences'] as const,
  list: (accountId: number) => ['accounts', accountId, 'geofences', 'list'] as const,
  one: (accountId: number, id: number) => ['accounts', accountId, 'geofences', id] as const,
};

const base = (accountId: number) => `/accounts/${accountId}/geofences`;

/** GET geofences: every geofence of the account, by name; items without a point are dropped. */
async function fetchGeofences(accountId: number, signal?: AbortSignal, globalErrors = true) {
  const { data } = await requestList<unknown, unknown>(base(accountId), {
    query: { per_page: GEOFENCE_LIST_LIMIT },
    signal,
    globalErrors,
  });
  // Spec 000 §3: items without lat or lng are dropped from lists.
  return checked(z.array(geofenceSchema), data, 'GET geofences').filter(
    (g) => g.lat !== null && g.lng !== null,
  );
}

/**
 * Preloads the geofence list when the app opens on or moves to /geofences (spec 002 §2.2);
 * useGeofences() picks it up. Quiet on failure, like the other preloads.
 */
export function prefetchGeofences(
  queryClient: QueryClient,
  path: string,
  accountId: number | null,
) {
  if (accountId === null || !/^\/geofences\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: geofencesKeys.list(accountId),
    queryFn: ({ signal }) => fetchGeofences(accountId, signal, false),
  });
}

export function useGeofences(accountId: number | null) {
  return useQuery({
    queryKey: geofencesKeys.list(accountId ?? 0),
    queryFn: ({ signal }) => fetchGeofences(accountId!, signal),
    enabled: accountId !== null,
  });
}

export function useGeofence(accountId: number | null, id: number | null) {
  return useQuery({
    queryKey: geofencesKeys.one(accountId ?? 0, id ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        geofenceSchema,
        await request<unknown>(`${base(accountId!)}/${id}`, { signal }),
        'GET geofence',
      ),
    enabled: accountId !== null && id !== null,
  });
}

/** POST or PUT a geofence; answers its id (data.data.id) and refreshes the cached lists. */
export function useSaveGeofence(accountId: number, id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GeofenceStoreInput) => {
      const saved = await request<{ id: number }>(
        id ? `${base(accountId)}/${id}` : base(accountId),
        {
          method: id ? 'PUT' : 'POST',
          body,
          // The form shows 422 messages under its fields and a toast for anything else.
          globalErrors: false,
        },
      );
      return saved.id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofencesKeys.all(accountId) }),
  });
}

export function useDeleteGeofence(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ id: number }>(`${base(accountId)}/${id}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: (_data, id) => {
      // Marked stale, not removed: a screen still showing it (its details, until the caller
      // navigates away) would fetch it again at once and meet the 404 page. A later visit
      // fetches afresh and finds it gone.
      void queryClient.invalidateQueries({
        queryKey: geofencesKeys.one(accountId, id),
        refetchType: 'none',
      });
      return queryClient.invalidateQueries({ queryKey: geofencesKeys.list(accountId) });
    },
  });
}

/** 'Download all geofences': the visits CSV over the range is built and e-mailed. */
export async function emailGeofencesCsv(accountId: number, from: Date, to: Date) {
  const data = await request<{ message: string }>(base(accountId), {
    query: {
      download: true,
      // Minutes west of UTC, so the file shows this browser's clock times.
      offset: new Date().getTimezoneOffset(),
      date_from: from.toISOString(),
      date_to: to.toISOString(),
    },
    globalErrors: false,
  });
  return data.message;
}

/** GET geofence/nearest: null when the account has no geofence. */
export async function nearestGeofence(accountId: number, lat: number, lng: number) {
  const data = await request<unknown>(`/accounts/${accountId}/geofence/nearest`, {
    query: { lat, lng },
    // Spec 002 §8: this look-up never leads to the 404 page.
    notFoundPage: false,
  });
  return checked(nearestGeofenceSchema.nullable(), data, 'GET geofence/nearest');
}

/**
 * The geofence holding or nearest to a point (null when the account has none). Keyed by the
 * point rounded to about 10 m, so a tracker that barely moved asks again from the cache.
 */
export function useNearestGeofence(accountId: number | null, lat: number, lng: number) {
  const at = [Math.round(lat * 1e4) / 1e4, Math.round(lng * 1e4) / 1e4] as const;
  return useQuery({
    queryKey: [...geofencesKeys.list(accountId ?? 0), 'nearest', ...at],
    queryFn: () => nearestGeofence(accountId!, at[0], at[1]),
    enabled: accountId !== null,
    staleTime: 60_000,
  });
}

/** Address autocomplete through the server's geocoder (GET /places). */
export async function searchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const data = await request<unknown>('/places', { query: { query }, signal });
  return checked(z.array(placeSchema), data, 'GET places');
}

export type { Geofence };
