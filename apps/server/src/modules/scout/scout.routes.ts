import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  dialogCreatedSchema,
  dialogListQuerySchema,
  dialogMessageSchema,
  dialogSchema,
  dialogUpdateSchema,
  feedbackCreateSchema,
  feedbackSchema,
  idParamSchema,
  listEnvelope,
  messageCreateSchema,
  scoutInsightSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { pageMeta } from '../../http/pagination';
import { idParam } from '../../http/params';
import { actorForDialog } from './scout.access';
import { scoutInsights } from './scout-insights';
import {
  dialogMessages,
  dialogsOf,
  rateAnswer,
  removeDialog,
  renameDialog,
  sendMessage,
  startDialog,
  unrateAnswer,
} from './scout.service';

const tags = ['scout'];
const access =
  " Needs 'use Ai' in the account (403). A dialog is its user's own in its account: any other " +
  'dialog id answers 404.';
const accountDialogParams = z.object({
  id: idParamSchema.describe('Account id'),
  dialogId: idParamSchema.describe('Dialog id'),
});
const dialogParams = z.object({ id: idParamSchema.describe('Dialog id') });
const messageParams = z.object({
  id: idParamSchema.describe('Dialog id'),
  messageId: idParamSchema.describe('Message id'),
});
const askText =
  "message is required ('message is required'); files: at most 5 ids of the caller's uploads; " +
  'model: an AI model option id, used only for those who may manage AiModel. Scout answers in ' +
  'the background: its steps (tool calls and results, stop_reason null) and the answer ' +
  "(stop_reason 'stop') arrive on the private channel dialogs.{id}.messages as AiMessageCreated " +
  '{dialog_id, message}, and are listed by GET /v2/dialogs/{id}/messages.';

/** Scout's dialogs and messages (spec 001 §7 "Chat"). */
export const scoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/v2/accounts/:id/dialogs',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "The caller's dialogs in the account, latest first (Conversation History)",
        description: `search matches titles and message texts, any case.${access}`,
        params: idParam,
        querystring: dialogListQuerySchema,
        response: { 200: listEnvelope(dialogSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { rows, total } = await dialogsOf(ctx, actor, request.query);
      return { data: rows, meta: pageMeta(total, request.query.page, request.query.per_page) };
    },
  );

  app.get(
    '/v2/accounts/:id/scout/insights',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "Scout's home tab: figures of the caller's fleet now, each with its question",
        description:
          'Trackers silent for a day, low batteries, moving now, the longest drive yesterday and ' +
          "late shipments (left out without permission to see shipments), read as the caller's " +
          `Scout reads them: asking the question answers the same figure.${access}`,
        params: idParam,
        response: { 200: dataEnvelope(z.array(scoutInsightSchema)) },
      },
    },
    async (request) => ({
      data: await scoutInsights(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.post(
    '/v2/accounts/:id/dialogs',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Start a dialog with its first message',
        description: `${askText} The title is the start of the message.${access}`,
        params: idParam,
        body: messageCreateSchema,
        response: { 201: dataEnvelope(dialogCreatedSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      return reply.status(201).send({ data: await startDialog(ctx, actor, request.body) });
    },
  );

  app.put(
    '/v2/accounts/:id/dialogs/:dialogId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Rename a dialog',
        description: `title is required ('title is required'), at most 255 characters.${access}`,
        params: accountDialogParams,
        body: dialogUpdateSchema,
        response: { 200: dataEnvelope(dialogSchema) },
      },
    },
    async (request) => {
      const { id, dialogId } = request.params;
      const actor = await actorFor(request, id);
      return { data: await renameDialog(ctx, actor, dialogId, request.body) };
    },
  );

  app.delete(
    '/v2/accounts/:id/dialogs/:dialogId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a dialog with its messages',
        description: access.trim(),
        params: accountDialogParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id, dialogId } = request.params;
      await removeDialog(ctx, await actorFor(request, id), dialogId);
      return { data: null };
    },
  );

  app.get(
    '/v2/dialogs/:id/messages',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Every message of a dialog, oldest first',
        description: `The last message decides whether Scout is still answering (stop_reason).${access}`,
        params: dialogParams,
        response: { 200: dataEnvelope(z.array(dialogMessageSchema)) },
      },
    },
    async (request) => {
      const actor = await actorForDialog(request, request.params.id);
      return { data: await dialogMessages(ctx, actor, request.params.id) };
    },
  );

  app.post(
    '/v2/dialogs/:id/messages',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Send a message in a dialog',
        description: `${askText}${access}`,
        params: dialogParams,
        body: messageCreateSchema,
        response: { 201: dataEnvelope(dialogMessageSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorForDialog(request, request.params.id);
      const message = await sendMessage(ctx, actor, request.params.id, request.body);
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/v2/dialogs/:id/messages/:messageId/feedback',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Rate an answer: 1 good, -1 bad with an optional comment',
        description: `Only answers (stop_reason 'stop') take feedback, else 422.${access}`,
        params: messageParams,
        body: feedbackCreateSchema,
        response: { 200: dataEnvelope(feedbackSchema) },
      },
    },
    async (request) => {
      const { id, messageId } = request.params;
      const actor = await actorForDialog(request, id);
      return { data: await rateAnswer(ctx, actor, id, messageId, request.body) };
    },
  );

  app.delete(
    '/v2/dialogs/:id/messages/:messageId/feedback',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "Remove an answer's rating",
        description: access.trim(),
        params: messageParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id, messageId } = request.params;
      await unrateAnswer(ctx, await actorForDialog(request, id), id, messageId);
      return { data: null };
    },
  );
};
