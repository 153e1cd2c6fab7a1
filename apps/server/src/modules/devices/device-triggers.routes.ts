import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, deviceTriggersSchema, deviceTriggersUpdateSchema } from '@waymark/domain';
import { actorForDevice } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { changeDeviceTriggers, deviceTriggers } from './devices.service';

/** A tracker's SLA bounds: readings outside them raise sla-breach events (spec 000 §7). */
export const deviceTriggerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/devices/:id/triggers',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'Temperature (°C) and humidity (%) SLA bounds of a tracker; null disables a bound',
        params: idParam,
        response: { 200: dataEnvelope(deviceTriggersSchema) },
      },
    },
    async (request) => {
      const actor = await actorForDevice(request, request.params.id);
      return { data: await deviceTriggers(ctx, actor, request.params.id) };
    },
  );

  app.post(
    '/devices/:id/triggers',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary:
          'Set the SLA bounds (update Devices); readings outside them raise sla-breach events',
        params: idParam,
        body: deviceTriggersUpdateSchema,
        response: { 200: dataEnvelope(deviceTriggersSchema) },
      },
    },
    async (request) => {
      const actor = await actorForDevice(request, request.params.id);
      return { data: await changeDeviceTriggers(ctx, actor, request.params.id, request.body) };
    },
  );
};
