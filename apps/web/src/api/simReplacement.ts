import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  simReplaceResultSchema,
  simReplacementDeviceSchema,
  spareSimSchema,
  type SimReplace,
  type SimReplaceResult,
  type SimReplacementDevice,
  type SpareSim,
} from '@waymark/domain';
import { request } from './client';
import { devicesKeys } from './devices';
import { checked } from './parse';

export const simKeys = {
  all: (accountId: number) => ['accounts', accountId, 'sim-replacement'] as const,
  devices: (accountId: number) => ['accounts', accountId, 'sim-replacement', 'devices'] as const,
  iccids: (accountId: number) => ['accounts', accountId, 'sim-replacement', 'iccids'] as const,
};

/** Trackers whose SIM card is due for replacement (the banner and the wizard's step 0). */
export function useSimReplacementDevices(accountId: number | null, enabled = true) {
  return useQuery({
    queryKey: simKeys.devices(accountId ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        z.array(simReplacementDeviceSchema),
        await request<SimReplacementDevice[]>(`/accounts/${accountId}/sim-replacement/devices`, {
          signal,
        }),
        'GET sim-replacement/devices',
      ),
    enabled: accountId !== null && enabled,
  });
}

/** The account's spare SIM cards, offered by ICCID. */
export function useSpareSims(accountId: number | null) {
  return useQuery({
    queryKey: simKeys.iccids(accountId ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        z.array(spareSimSchema),
        await request<SpareSim[]>(`/accounts/${accountId}/sim-replacement/iccids`, { signal }),
        'GET sim-replacement/iccids',
      ),
    enabled: accountId !== null,
  });
}

/** Swaps the tracker's SIM; afterwards both lists and the tracker's screens reload. */
export function useSimReplace(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SimReplace): Promise<SimReplaceResult> =>
      checked(
        simReplaceResultSchema,
        await request<SimReplaceResult>(`/accounts/${accountId}/sim-replace`, {
          method: 'POST',
          body,
          // A tracker that vanished meanwhile is the wizard's error step, not the 404 page.
          notFoundPage: false,
        }),
        'POST sim-replace',
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: simKeys.all(accountId) }),
        queryClient.invalidateQueries({ queryKey: devicesKeys.all(accountId) }),
      ]);
    },
  });
}
