import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commandSchema,
  dataEnvelope,
  deviceMessageSchema,
  sendCommandSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorForDevice } from '../../access/actor';
import { idParam } from '../../http/params';
import { commandsForDevice, messagesOf, sendCommand } from './commands.service';

/** Tracker commands and their message log (spec 001 §5, §7 "Tracker details"). */
export const commandRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/devices/:id/commands',
    {
      config: { access: 'account' },
      schema: {
        tags: ['commands'],
        summary: "Command templates of the tracker's model; __name__ placeholders are arguments",
        params: idParam,
        response: { 200: dataEnvelope(z.array(commandSchema)) },
      },
    },
    async (request) => {
      const actor = await actorForDevice(request, request.params.id);
      return { data: await commandsForDevice(ctx, actor, request.params.id) };
    },
  );

  app.post(
    '/devices/:id/commands',
    {
      config: { access: 'account' },
      schema: {
        tags: ['commands'],
        summary:
          "Send a command (update Devices): data goes to the tracker's open connection (GT06 0x80, Teltonika Codec 12) or waits for it; sms goes to the tracker's phone",
        params: idParam,
        body: sendCommandSchema,
        response: { 200: dataEnvelope(deviceMessageSchema) },
      },
    },
    async (request) => {
      const actor = await actorForDevice(request, request.params.id);
      return { data: await sendCommand(ctx, actor, request.params.id, request.body) };
    },
  );

  // Spec 001 §7 fetches these with GET or POST (devices/{id}/dialogs); both answer the same.
  app.route({
    method: ['GET', 'POST'],
    url: '/devices/:id/dialogs',
    config: { access: 'account' },
    schema: {
      tags: ['commands'],
      summary: 'Messages to and from the tracker, newest first (at most 100); GET or POST',
      params: idParam,
      querystring: z.object({ include: textSchema({ max: 200 }).optional() }),
      response: { 200: dataEnvelope(z.array(deviceMessageSchema)) },
    },
    handler: async (request) => {
      const actor = await actorForDevice(request, request.params.id);
      return { data: await messagesOf(ctx, actor, request.params.id) };
    },
  });
};
