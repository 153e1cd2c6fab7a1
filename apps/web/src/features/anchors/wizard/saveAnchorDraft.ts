import { ANCHOR_IMAGE_MESSAGE_MS, type Anchor } from '@waymark/domain';
import { deleteAnchorImage, saveAnchor, uploadAnchorImage } from '../../../api/anchors';
import { ApiError } from '../../../api/client';
import { toast } from '../../../app/toast';
import { toPayload, type AnchorDraft, type PendingPhoto } from './anchorDraft';

export type SaveOutcome =
  | { kind: 'saved'; anchor: Anchor }
  /** The anchor is saved but some photos were not; those stay in the draft to try again. */
  | { kind: 'photos-failed'; anchor: Anchor; pending: PendingPhoto[] }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'failed' };

/** Shows a failure: photo messages stay 10 s like the size message (spec 002 §8). */
function report(error: unknown, photo = false) {
  const message = error instanceof ApiError ? error.message : null;
  toast.error(message, photo ? { timeout: ANCHOR_IMAGE_MESSAGE_MS } : {});
}

/**
 * Saves the anchor, then deletes the photos the user removed and uploads the new ones
 * (photos need the anchor's id, so they follow it).
 */
export async function saveAnchorDraft(
  accountId: number,
  anchorId: number | null,
  draft: AnchorDraft,
): Promise<SaveOutcome> {
  let anchor: Anchor;
  try {
    anchor = await saveAnchor(accountId, anchorId, toPayload(draft));
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length) {
      const errors = Object.fromEntries(
        Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
      );
      return { kind: 'invalid', errors };
    }
    report(error);
    return { kind: 'failed' };
  }

  let failed = false;
  for (const imageId of draft.removedImageIds) {
    await deleteAnchorImage(accountId, anchor.id, imageId).catch((error: unknown) => {
      failed = true;
      report(error, true);
    });
  }
  const notUploaded: PendingPhoto[] = [];
  for (const photo of draft.pending) {
    try {
      await uploadAnchorImage(accountId, anchor.id, photo.file);
      URL.revokeObjectURL(photo.url);
    } catch (error) {
      notUploaded.push(photo);
      report(error, true);
    }
  }
  if (failed || notUploaded.length > 0) {
    return { kind: 'photos-failed', anchor, pending: notUploaded };
  }
  return { kind: 'saved', anchor };
}
