import { randomUUID } from 'node:crypto';
import type { ANCHOR_IMAGE_TYPES } from '@waymark/domain';

export type ImageType = (typeof ANCHOR_IMAGE_TYPES)[number];

const EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Folder of anchor photos in the storage adapter; also the URL segment that serves them. */
export const IMAGE_FOLDER = 'anchor-images';

/**
 * The image type of these bytes, read from their signature rather than the name or the
 * declared type, so a renamed HTML or SVG file is never served back as a picture.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** A new storage key: an unguessable name, since the key is also the picture's public URL. */
export function newImageKey(type: ImageType): string {
  return `${IMAGE_FOLDER}/${randomUUID()}.${EXTENSIONS[type]}`;
}

/** The URL an <img> loads a stored image from (see the GET anchor-images route). */
export const imageUrl = (key: string) => `/api/${key}`;

/** Names of stored images as they appear in URLs; anything else is not ours. */
export const IMAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** A file name safe to repeat in a message: no path, no control characters, not too long. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'image').slice(0, 120);
}
