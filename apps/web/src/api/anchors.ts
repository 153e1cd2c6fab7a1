import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  anchorImageSchema,
  anchorSchema,
  type Anchor,
  type AnchorImage,
  type AnchorStore,
} from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

export const anchorsKeys = {
  list: (accountId: number) => ['accounts', accountId, 'anchors'] as const,
};

const base = (accountId: number) => `/accounts/${accountId}/anchors`;

/** GET anchors: every BLE anchor of the account, by name, with its images. */
export function useAnchors(accountId: number | null) {
  return useQuery({
    queryKey: anchorsKeys.list(accountId ?? 0),
    queryFn: async ({ signal }) =>
      checked(
        z.array(anchorSchema),
        await request<unknown>(base(accountId!), { signal }),
        'GET anchors',
      ),
    enabled: accountId !== null,
  });
}

/** POST or PUT an anchor; answers the saved anchor (data.data.id). */
export async function saveAnchor(accountId: number, id: number | null, body: AnchorStore) {
  const data = await request<unknown>(id ? `${base(accountId)}/${id}` : base(accountId), {
    method: id ? 'PUT' : 'POST',
    body,
    // The wizard shows 422 messages at their step and a toast for anything else.
    globalErrors: false,
  });
  return checked(anchorSchema, data, 'POST anchors');
}

/** POST (multipart) one photo of an anchor. */
export async function uploadAnchorImage(
  accountId: number,
  anchorId: number,
  file: File,
): Promise<AnchorImage> {
  const form = new FormData();
  form.append('image', file, file.name);
  const data = await request<unknown>(`${base(accountId)}/${anchorId}/images`, {
    method: 'POST',
    body: form,
    globalErrors: false,
  });
  return checked(anchorImageSchema, data, 'POST anchor images');
}

export function deleteAnchorImage(accountId: number, anchorId: number, imageId: number) {
  return request<null>(`${base(accountId)}/${anchorId}/images/${imageId}`, {
    method: 'DELETE',
    globalErrors: false,
  });
}

export function useDeleteAnchor(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`${base(accountId)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anchorsKeys.list(accountId) }),
  });
}

export type { Anchor, AnchorImage };
