import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSwapSimSchema,
  dataEnvelope,
  simReplaceResultSchema,
  simReplaceSchema,
  simReplacementDeviceSchema,
  spareSimSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { requireAuth } from '../../http/auth';
import { idParam } from '../../http/params';
import { adminSwapSim, eligibleDevices, replaceSim, spareSims } from './sim-replacement.service';

const tags = ['sim-replacement'];
const access403 = ' Needs manage Devices (everyone but a Viewer), else 403.';
const eligibility =
  'A tracker is eligible when the actor sees it, its model is a Mobile 200 (ll02) or a Car ' +
  'Charger (vl501), and its installed SIM card carries a replacement reason (e.g. ' +
  "'carrier-sunset', set when the carrier retires the card's network).";

/** SIM replacement (spec 002 §2.10, §4.6, §7.4) and the admin's Swap SIM utility. */
export const simReplacementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/sim-replacement/devices',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Trackers whose SIM card is due for replacement, by name',
        description: `${eligibility} An empty list hides the banner.${access403}`,
        params: idParam,
        response: { 200: dataEnvelope(z.array(simReplacementDeviceSchema)) },
      },
    },
    async (request) => ({
      data: await eligibleDevices(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.get(
    '/accounts/:id/sim-replacement/iccids',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The spare SIM cards of the account (ICCID and phone), by ICCID',
        description: `Cards the account holds that no tracker uses yet.${access403}`,
        params: idParam,
        response: { 200: dataEnvelope(z.array(spareSimSchema)) },
      },
    },
    async (request) => ({
      data: await spareSims(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.post(
    '/accounts/:id/sim-replace',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Swap the SIM card of an eligible tracker for a spare one',
        description:
          'The tracker takes the spare card’s ICCID and phone, the old card is retired, the ' +
          'new one installed, the tracker gets 2 free audio hours (live_audio_minutes + 120) ' +
          'and its SIM history a dated entry; it keeps its id and positions. Repeating the ' +
          'call for a card already in the tracker changes nothing (granted_minutes 0). ' +
          `${eligibility} Another account's or an invisible tracker: 404. Not eligible or an ` +
          'unsupported model: 422 on device_id; an ICCID that is not 19 or 20 digits or not ' +
          `a spare of the account: 422 on iccid.${access403}`,
        params: idParam,
        body: simReplaceSchema,
        response: { 200: dataEnvelope(simReplaceResultSchema) },
      },
    },
    async (request) => ({
      data: await replaceSim(ctx, await actorFor(request, request.params.id), request.body),
    }),
  );

  app.post(
    '/admin/utilities/swap-sim',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Swap the SIM card of any tracker by serial (platform admins only)',
        description:
          'The same swap as POST /accounts/{id}/sim-replace, for support: the card may be a ' +
          'spare of the tracker’s account or one the platform does not know yet (recorded ' +
          'with the phone given). Unknown serial: 422 on serial; a card of another account, ' +
          'retired or in another tracker: 422 on iccid. Platform admins only, else 403.',
        body: adminSwapSimSchema,
        response: { 200: dataEnvelope(z.object({ message: z.string() })) },
      },
    },
    async (request) => ({ data: await adminSwapSim(ctx, requireAuth(request), request.body) }),
  );
};
