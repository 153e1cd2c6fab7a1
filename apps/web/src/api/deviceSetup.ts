import { useQuery } from '@tanstack/react-query';
import { deviceSetupSchema } from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

/**
 * The device setup guide of a model: GET /accounts/{id}/device-setup for an account's admin,
 * GET /admin/device-setup for a platform admin (who may have no account open). A null model
 * waits until one is picked.
 */
export function useDeviceSetup(modelId: number | null, where: { accountId: number } | 'admin') {
  const path =
    where === 'admin' ? '/admin/device-setup' : `/accounts/${where.accountId}/device-setup`;
  return useQuery({
    queryKey: ['device-setup', path, modelId],
    queryFn: async ({ signal }) =>
      checked(
        deviceSetupSchema,
        await request<unknown>(path, { query: { model_id: modelId }, signal }),
        `GET ${path}`,
      ),
    enabled: modelId !== null,
  });
}
