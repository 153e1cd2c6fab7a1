import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UtilityResult } from '@waymark/domain';
import { request } from './client';

/**
 * One action of the Utilities page: POST /admin/utilities/{action}. Failures stay with the
 * card (globalErrors false), which shows the server's message; a success refreshes the
 * admin lists it may have changed (accounts' sizes, the audit log).
 */
export function useUtilityAction<R extends UtilityResult = UtilityResult>(action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      request<R>(`/admin/utilities/${action}`, { method: 'POST', body, globalErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
