import { authorize, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../http/errors';
import { newToken } from '../../http/tokens';
import { apiTokenOf, setApiToken } from './accounts.queries';

/** The API token is the account's: manage Account, in an account with API access. */
function authorizeApiToken(actor: Actor) {
  authorize(actor, 'manage', 'Account');
  if (!actor.membership.has_api_access) throw forbidden('This account has no API access.');
}

export function apiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  return apiTokenOf(ctx.database.db, actor.accountId);
}

/** A new API token; the old one stops working at once (every request looks the token up). */
export async function resetApiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  const token = newToken();
  await setApiToken(ctx.database.db, actor.accountId, token);
  return token;
}
