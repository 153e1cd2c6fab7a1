import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { notFound } from '../../errors/domain-error';
import { anchorOf } from './anchors.access';
import { presentAnchorImage } from './anchors.present';
import { deleteImage, findImage, imageByPath, insertImage } from './anchors.queries';
import { IMAGE_FOLDER, IMAGE_NAME, newImageKey, type ImageType } from './image-file';

export interface ImageUpload {
  filename: string;
  bytes: Buffer;
  type: ImageType;
}

/** Stores a photo of an anchor of the account (manage Anchors); answers its id and path. */
export async function addAnchorImage(
  ctx: AppContext,
  actor: Actor,
  anchorId: number,
  readUpload: () => Promise<ImageUpload>,
) {
  await anchorOf(ctx.database.db, actor, anchorId, 'manage');
  // Read only after the checks, so a caller without access learns nothing about the file.
  const { filename, bytes, type } = await readUpload();
  const key = newImageKey(type);
  await ctx.storage.put(key, bytes);
  const image = await insertImage(ctx.database.db, {
    anchor_id: anchorId,
    path: key,
    filename,
    content_type: type,
  });
  return presentAnchorImage(image);
}

/** Deletes a photo of an anchor of the account (manage Anchors); another's is 404. */
export async function removeAnchorImage(
  ctx: AppContext,
  actor: Actor,
  anchorId: number,
  imageId: number,
) {
  const { db } = ctx.database;
  await anchorOf(db, actor, anchorId, 'manage');
  const image = found(await findImage(db, anchorId, imageId));
  await deleteImage(db, image.id);
  await ctx.storage.delete(image.path);
}

/** A stored photo by its public name (the unguessable name is the permission); else 404. */
export async function anchorImageFile(ctx: AppContext, name: string) {
  if (!IMAGE_NAME.test(name)) throw notFound();
  const image = await imageByPath(ctx.database.db, `${IMAGE_FOLDER}/${name}`);
  const data = image ? await ctx.storage.get(image.path) : undefined;
  return { contentType: found(image).content_type, data: found(data) };
}
