import { isIP } from 'node:net';
import { DEVICE_SETUP_MESSAGES, type DeviceSetup } from '@waymark/domain';
import { authorize, type Actor } from '../../access/actor';
import { isPlatformAdmin, type Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { forbidden, invalidField } from '../../errors/domain-error';
import { LISTENER_SETTINGS } from '../../ingest/device-ports';
import { SETUP_GUIDES } from './setup-guides';
import { presentDeviceSetup } from './device-setup.present';
import { modelById } from './device-setup.queries';

/** The guide for an account's admin (Admin or Manager; spec 002 §6) or a platform admin. */
export async function accountDeviceSetup(
  ctx: AppContext,
  actor: Actor,
  modelId: number,
  requestHost: string,
): Promise<DeviceSetup> {
  authorize(actor, 'view', 'DeviceSetup', DEVICE_SETUP_MESSAGES.accessDenied);
  return deviceSetup(ctx, modelId, requestHost);
}

/** The guide for a platform admin outside any account (the Utilities page). */
export async function platformDeviceSetup(
  ctx: AppContext,
  principal: Principal,
  modelId: number,
  requestHost: string,
): Promise<DeviceSetup> {
  if (!isPlatformAdmin(principal)) throw forbidden(DEVICE_SETUP_MESSAGES.accessDenied);
  return deviceSetup(ctx, modelId, requestHost);
}

async function deviceSetup(ctx: AppContext, modelId: number, requestHost: string) {
  const model = await modelById(ctx.database.db, modelId);
  if (!model) throw invalidField('model_id', DEVICE_SETUP_MESSAGES.noSuchModel(modelId));
  const guide = SETUP_GUIDES[model.protocol];
  const connections = guide.connections.map(({ transport, listener }) => ({
    transport,
    port: ctx.devicePorts.portOf(listener),
    setting: LISTENER_SETTINGS[listener],
  }));
  const host = ctx.config.DEVICE_HOST ?? hostOnly(requestHost);
  return presentDeviceSetup(model, guide, connections, {
    host,
    host_source: ctx.config.DEVICE_HOST ? 'DEVICE_HOST' : 'request',
    ingestEnabled: ctx.config.INGEST_ENABLED,
  });
}

/** The request's host without its port or an IPv6 address's brackets. */
function hostOnly(hostname: string) {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) === 6 ? bare : bare.replace(/:\d+$/, '');
}
