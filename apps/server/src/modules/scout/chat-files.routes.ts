import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  CHAT_MAX_FILE_BYTES,
  CHAT_MESSAGES,
  dataEnvelope,
  dialogFileSchema,
  idParamSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { invalidField } from '../../errors/domain-error';
import { fileBytes } from '../../http/uploads';
import { displayName } from '../anchors/image-file';
import { chatFileDownload, uploadChatFile } from './chat-files.service';
import { uploadLimit } from '../../http/rate-limits';

/** The one uploaded file, or a 422 on `file` with the spec's message (spec 001 §5); 400 when cut short. */
async function readUpload(request: FastifyRequest) {
  let part;
  try {
    part = request.isMultipart() ? await request.file() : undefined;
  } catch {
    part = undefined;
  }
  if (!part) throw invalidField('file', CHAT_MESSAGES.fileRequired);
  const name = displayName(part.filename).replace(/^image$/, 'file');
  const bytes = await fileBytes(part, () => invalidField('file', CHAT_MESSAGES.fileTooLarge(name)));
  return { name, type: part.mimetype, bytes };
}

/** Files attached to Scout's messages, and the files Scout makes (spec 001 §7 "Chat"). */
export const chatFileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: CHAT_MAX_FILE_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/v2/files/upload',
    {
      config: { access: 'signed-in', rateLimit: uploadLimit },
      bodyLimit: CHAT_MAX_FILE_BYTES + 1024 * 1024,
      schema: {
        tags: ['scout'],
        summary: 'Upload a file for a Scout message (multipart, one file part, at most 32MB)',
        description:
          'TXT, CSV, MD, JSON, XML, YAML/YML, JPG/JPEG, PNG, GIF, WEBP or PDF, by name or type and ' +
          'then by content (images and PDF by their signature, the text formats as UTF-8 text). ' +
          "422 on file: 'File {name} is not supported. Allowed formats: …' or 'File {name} is " +
          "too large. Maximum size is 32MB.'. The id (data.id) goes into a message's files. " +
          "Needs 'use Ai' in an account of the caller (403).",
        consumes: ['multipart/form-data'],
        response: { 201: dataEnvelope(dialogFileSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireAuth(request);
      const file = await readUpload(request);
      return reply.status(201).send({ data: await uploadChatFile(ctx, principal, file) });
    },
  );

  app.get(
    '/v2/files/:id/download',
    {
      config: { access: 'account' },
      schema: {
        tags: ['scout'],
        summary: 'Download a chat file (its download_url); only its owner may',
        params: z.object({ id: idParamSchema }),
      },
    },
    async (request, reply) => {
      const { file, data } = await chatFileDownload(ctx, requireAuth(request), request.params.id);
      return reply
        .type(file.mime_type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
        )
        .send(data);
    },
  );
};
