import { authorize, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../http/errors';
import { newToken } from '../../http/tokens';
import { accountUsers } from './account-users.queries';
import { apiTokenOf, setApiToken } from './accounts.queries';

/** A page of the account's users with their access, searched by name or e-mail (manage Users). */
export function accountUsersPage(
  ctx: AppContext,
  actor: Actor,
  options: { search?: string; limit: number; offset: number },
) {
  authorize(actor, 'manage', 'Users');
  return accountUsers(ctx.database.db, actor.accountId, options);
}

/** The API token is the account's: manage Account, in an account with API access. */
function authorizeApiToken(actor: Actor) {
  authorize(actor, 'manage', 'Account');
  if (!actor.membership.has_api_access) throw forbidden('This account has no API access.');
}

export function apiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  return apiTokenOf(ctx.database.db, actor.accountId);
}

/** A new API token; the old one stops working at once. */
export async function resetApiToken(ctx: AppContext, actor: Actor) {
  authorizeApiToken(actor);
  const token = newToken();
  await setApiToken(ctx.database.db, actor.accountId, token);
  return token;
}
