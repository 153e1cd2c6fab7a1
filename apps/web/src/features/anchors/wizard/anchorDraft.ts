import {
  ANCHOR_IMAGE_MAX_BYTES,
  ANCHOR_IMAGE_TYPES,
  ANCHOR_MESSAGES,
  anchorStoreSchema,
  DEFAULT_ANCHOR_RADIUS,
  type Anchor,
  type AnchorImage,
  type AnchorStore,
} from '@waymark/domain';

/** A photo chosen in the wizard, uploaded once the anchor is saved. */
export interface PendingPhoto {
  key: string;
  file: File;
  /** An object URL for the preview. */
  url: string;
}

/** Everything the four steps collect, before it is sent. */
export interface AnchorDraft {
  name: string;
  serial: string;
  address: string;
  lat: number | null;
  lng: number | null;
  radius: number;
  geofence_id: number | null;
  notes: string;
  /** Photos already stored with the anchor and kept. */
  images: AnchorImage[];
  /** Stored photos the user removed; deleted when the anchor is saved. */
  removedImageIds: number[];
  pending: PendingPhoto[];
}

export const STEPS = [
  { title: 'Name and serial', fields: ['name', 'serial'] },
  { title: 'Location', fields: ['address', 'lat', 'lng', 'radius'] },
  { title: 'Geofence and notes', fields: ['geofence_id', 'notes'] },
  { title: 'Photos', fields: [] },
] as const;
/** The review comes after the four steps. */
export const REVIEW_STEP = STEPS.length;

export function draftFrom(anchor?: Anchor | null): AnchorDraft {
  return {
    name: anchor?.name ?? '',
    serial: anchor?.serial ?? '',
    address: anchor?.address ?? '',
    lat: anchor?.lat ?? null,
    lng: anchor?.lng ?? null,
    radius: anchor?.radius ?? DEFAULT_ANCHOR_RADIUS,
    geofence_id: anchor?.geofence_id ?? null,
    notes: anchor?.notes ?? '',
    images: anchor?.images ?? [],
    removedImageIds: [],
    pending: [],
  };
}

export function toPayload(draft: AnchorDraft): AnchorStore {
  return {
    name: draft.name,
    serial: draft.serial,
    address: draft.address,
    lat: draft.lat,
    lng: draft.lng,
    radius: draft.radius,
    geofence_id: draft.geofence_id,
    notes: draft.notes,
  };
}

/** The step that shows a field, so a server message can be shown where it can be fixed. */
export function stepOfField(field: string): number {
  const index = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return index === -1 ? 0 : index;
}

/** Messages for the fields of one step, checked with the schema the server uses. */
export function stepErrors(draft: AnchorDraft, step: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = anchorStoreSchema.safeParse(toPayload(draft));
  const fields: readonly string[] = STEPS[step]?.fields ?? [];
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  if (step === 1 && !draft.address.trim() && (draft.lat === null || draft.lng === null)) {
    errors.address ??= ANCHOR_MESSAGES.location;
  }
  return errors;
}

/**
 * Splits chosen files into those the server will take and those it would refuse, so the user
 * hears at once instead of after saving (spec 002 §8: 1 Mb).
 */
export function sortPhotos(files: readonly File[]) {
  const accepted: File[] = [];
  const tooBig: File[] = [];
  const notImages: File[] = [];
  for (const file of files) {
    if (!(ANCHOR_IMAGE_TYPES as readonly string[]).includes(file.type)) notImages.push(file);
    else if (file.size > ANCHOR_IMAGE_MAX_BYTES) tooBig.push(file);
    else accepted.push(file);
  }
  return { accepted, tooBig, notImages };
}
