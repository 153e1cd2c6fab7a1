import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, deviceSetupQuerySchema, deviceSetupSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { requireAuth } from '../../http/auth';
import { idParam } from '../../http/params';
import { accountDeviceSetup, platformDeviceSetup } from './device-setup.service';

const tags = ['device setup'];
const what =
  "The model's protocol family, the host units must connect to (DEVICE_HOST when configured, " +
  'else the host this request was sent to), each connection with the port its listener ' +
  'listens on (null, with a notice, when none does: the port setting is 0 or INGEST_ENABLED ' +
  'is false), the steps and the SMS or configuration commands with host and port filled in ' +
  '(`<apn>` is left for the reader). 422 on model_id when there is no such model.';

/** The device setup guide (issue 41): what to set on a unit so that it reports here. */
export const deviceSetupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/device-setup',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "How to point a model's units at this server",
        description:
          what +
          ' Admins and Managers of the account, and platform admins; others 403 "Access denied".',
        params: idParam,
        querystring: deviceSetupQuerySchema,
        response: { 200: dataEnvelope(deviceSetupSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return {
        data: await accountDeviceSetup(ctx, actor, request.query.model_id, request.hostname),
      };
    },
  );

  app.get(
    '/admin/device-setup',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags,
        summary: "How to point a model's units at this server, for the Utilities page",
        description: what + ' Platform admins only; others 403 "Access denied".',
        querystring: deviceSetupQuerySchema,
        response: { 200: dataEnvelope(deviceSetupSchema) },
      },
    },
    async (request) => ({
      data: await platformDeviceSetup(
        ctx,
        requireAuth(request),
        request.query.model_id,
        request.hostname,
      ),
    }),
  );
};
