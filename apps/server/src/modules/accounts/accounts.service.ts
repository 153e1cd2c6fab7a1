import { authorize, type Actor } from '../../access/actor';
import { authorizeOwnCredentials } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../errors/domain-error';
import { newToken } from '../../http/tokens';
import type { PositionFilterSettings } from '@waymark/domain';
import { found } from '../../access/actor';
import { apiTokenOf, positionFilterOf, setApiToken, setPositionFilter } from './accounts.queries';

/** The API token is the account's: manage Account, in an account with API access. */
function authorizeApiToken(actor: Actor) {
  authorize(actor, 'manage', 'Account');
  if (!actor.membership.has_api_access) throw forbidden('This account has no API access.');
}

export function apiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  return apiTokenOf(ctx.database.db, actor.accountId);
}

/**
 * A new API token; the old one stops working at once (every request looks the token up).
 * Refused while imitating (403).
 */
export async function resetApiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  // Not while imitating: the admin would keep a working token of the account, unaudited.
  authorizeOwnCredentials(actor);
  const token = newToken();
  await setApiToken(ctx.database.db, actor.accountId, token);
  return token;
}

/** The account's position filter bounds: its admins' (manage Account). */
export async function positionFilter(ctx: AppContext, actor: Actor) {
  authorize(actor, 'manage', 'Account');
  return found(await positionFilterOf(ctx.database.db, actor.accountId));
}

/** New bounds; the pipeline reads them again on `account.changed`, from the next batch on. */
export async function updatePositionFilter(
  ctx: AppContext,
  actor: Actor,
  bounds: PositionFilterSettings,
) {
  authorize(actor, 'manage', 'Account');
  await setPositionFilter(ctx.database.db, actor.accountId, bounds);
  ctx.bus.publish('account.changed', { account_id: actor.accountId });
  return positionFilter(ctx, actor);
}
