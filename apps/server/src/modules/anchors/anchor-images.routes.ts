import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  ANCHOR_IMAGE_MAX_BYTES,
  ANCHOR_MESSAGES,
  anchorImageSchema,
  dataEnvelope,
  idParamSchema,
  textSchema,
  imageTooBigMessage,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { invalidField, notFound } from '../../http/errors';
import { anchorAccess } from './anchor-access';
import { deleteImage, findImage, imageByPath, insertImage } from './anchors.queries';
import {
  displayName,
  IMAGE_FOLDER,
  IMAGE_NAME,
  imageUrl,
  newImageKey,
  sniffImageType,
} from './image-file';

const positiveId = idParamSchema;

/** The one uploaded file, or a 422 naming what is wrong with it (spec 002 §8). */
async function readUpload(request: FastifyRequest) {
  let part;
  try {
    part = request.isMultipart() ? await request.file() : undefined;
  } catch {
    part = undefined;
  }
  if (!part) throw invalidField('image', ANCHOR_MESSAGES.imageMissing);
  const filename = displayName(part.filename);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalidField('image', imageTooBigMessage(filename));
    }
    throw error;
  }
  const type = sniffImageType(bytes);
  if (!type) throw invalidField('image', ANCHOR_MESSAGES.imageType);
  return { filename, bytes, type };
}

/** Photos of BLE anchors: upload (multipart, 1 Mb), delete, and the file itself for <img>. */
export const anchorImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx.database;
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: ANCHOR_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/accounts/:id/anchors/:anchorId/images',
    {
      schema: {
        tags: ['anchors'],
        summary: 'Add a photo to a BLE anchor (multipart, one file, at most 1 Mb)',
        description:
          'One file part (any field name) in PNG, JPEG, GIF or WebP, recognised by its content. ' +
          "Over 1 Mb: 422 '{filename} size exceeds the maximum of 1 Mb'. The answer's `path` " +
          'loads the picture without a token (an unguessable address). Needs manage Anchors.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: positiveId, anchorId: positiveId }),
        response: { 200: dataEnvelope(anchorImageSchema) },
      },
    },
    async (request) => {
      const { id: accountId, anchorId } = request.params;
      await anchorAccess(db, request, accountId, anchorId, 'manage');
      const { filename, bytes, type } = await readUpload(request);
      const key = newImageKey(type);
      await ctx.storage.put(key, bytes);
      const image = await insertImage(db, {
        anchor_id: anchorId,
        path: key,
        filename,
        content_type: type,
      });
      return { data: { id: image.id, path: imageUrl(image.path) } };
    },
  );

  app.delete(
    '/accounts/:id/anchors/:anchorId/images/:imageId',
    {
      schema: {
        tags: ['anchors'],
        summary: "Delete a BLE anchor's photo (manage Anchors)",
        params: z.object({ id: positiveId, anchorId: positiveId, imageId: positiveId }),
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id: accountId, anchorId, imageId } = request.params;
      await anchorAccess(db, request, accountId, anchorId, 'manage');
      const image = await findImage(db, anchorId, imageId);
      if (!image) throw notFound();
      await deleteImage(db, image.id);
      await ctx.storage.delete(image.path);
      return { data: null };
    },
  );

  app.get(
    `/${IMAGE_FOLDER}/:name`,
    {
      // <img> sends no bearer token: the random name is the permission, like a mailed link.
      config: { public: true },
      schema: {
        tags: ['anchors'],
        summary: "A BLE anchor's photo, by the path the anchor lists it under",
        params: z.object({ name: textSchema({ max: 200, trim: false }) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!IMAGE_NAME.test(name)) throw notFound();
      const image = await imageByPath(db, `${IMAGE_FOLDER}/${name}`);
      const data = image ? await ctx.storage.get(image.path) : undefined;
      if (!image || !data) throw notFound();
      return reply
        .type(image.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
};
