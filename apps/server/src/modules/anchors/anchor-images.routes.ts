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
import { actorFor } from '../../access/actor';
import { invalidField } from '../../errors/domain-error';
import { fileBytes } from '../../http/uploads';
import { addAnchorImage, anchorImageFile, removeAnchorImage } from './anchor-images.service';
import { displayName, IMAGE_FOLDER, sniffImageType } from './image-file';
import { uploadLimit } from '../../http/rate-limits';

const positiveId = idParamSchema;

/** The one uploaded file, or a 422 naming what is wrong with it (spec 002 §8); 400 when cut short. */
async function readUpload(request: FastifyRequest) {
  let part;
  try {
    part = request.isMultipart() ? await request.file() : undefined;
  } catch {
    part = undefined;
  }
  if (!part) throw invalidField('image', ANCHOR_MESSAGES.imageMissing);
  const filename = displayName(part.filename);
  const bytes = await fileBytes(part, () => invalidField('image', imageTooBigMessage(filename)));
  const type = sniffImageType(bytes);
  if (!type) throw invalidField('image', ANCHOR_MESSAGES.imageType);
  return { filename, bytes, type };
}

/** Photos of BLE anchors: upload (multipart, 1 Mb), delete, and the file itself for <img>. */
export const anchorImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: ANCHOR_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/accounts/:id/anchors/:anchorId/images',
    {
      config: { access: 'account', rateLimit: uploadLimit },
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
      const actor = await actorFor(request, accountId);
      return { data: await addAnchorImage(ctx, actor, anchorId, () => readUpload(request)) };
    },
  );

  app.delete(
    '/accounts/:id/anchors/:anchorId/images/:imageId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['anchors'],
        summary: "Delete a BLE anchor's photo (manage Anchors)",
        params: z.object({ id: positiveId, anchorId: positiveId, imageId: positiveId }),
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id: accountId, anchorId, imageId } = request.params;
      await removeAnchorImage(ctx, await actorFor(request, accountId), anchorId, imageId);
      return { data: null };
    },
  );

  app.get(
    `/${IMAGE_FOLDER}/:name`,
    {
      // <img> sends no bearer token: the random name is the permission, like a mailed link.
      config: { access: 'public' },
      schema: {
        tags: ['anchors'],
        summary: "A BLE anchor's photo, by the path the anchor lists it under",
        params: z.object({ name: textSchema({ max: 200, trim: false }) }),
      },
    },
    async (request, reply) => {
      const { contentType, data } = await anchorImageFile(ctx, request.params.name);
      return reply
        .type(contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
};
