import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation } from '@waymark/domain';
import { request } from './client';
import { usersKey } from './manage';

export type { PendingInvitation };

/** Under the users' key: an invitation sent, resent or revoked refreshes both lists. */
const invitationsKey = (accountId: number) => [...usersKey(accountId), 'invitations'];

/** The account's invitations nobody accepted yet (User Access). */
export function usePendingInvitations(accountId: number) {
  return useQuery({
    queryKey: invitationsKey(accountId),
    queryFn: () => request<PendingInvitation[]>(`/v2/accounts/${accountId}/invites`),
    enabled: accountId > 0,
    // Invitees accept in their own browser: coming back to the tab shows who joined since.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

function useInvitationWrite<R>(accountId: number, write: (id: number) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(accountId) }),
  });
}

export function useResendInvitation(accountId: number) {
  return useInvitationWrite(accountId, (id: number) =>
    request<PendingInvitation>(`/v2/accounts/${accountId}/invites/${id}/resend`, {
      method: 'POST',
      // The screen says why in a toast (an Admin's invitation, one revoked meanwhile).
      globalErrors: false,
    }),
  );
}

export function useRevokeInvitation(accountId: number) {
  return useInvitationWrite(accountId, (id: number) =>
    request<null>(`/v2/accounts/${accountId}/invites/${id}`, {
      method: 'DELETE',
      globalErrors: false,
    }),
  );
}
