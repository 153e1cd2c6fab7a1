import { LOGOUT_WAIT_MS } from '@waymark/domain';
import { deleteImitation, deleteToken } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { goTo } from '../navigation';
import { LOGIN_PATH, loginPathFor } from '../routing/nextPath';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Forgets the session in this browser and shows the login page (kept `next` optional). */
export function clearSession(returnTo?: string): void {
  session.clear();
  queryClient.clear();
  goTo(returnTo ? loginPathFor(returnTo) : LOGIN_PATH, { replace: true });
}

/**
 * Logout (spec 002 §4.6, §7.1): leave any impersonation, revoke the token, wait 3 s after the
 * answer, then forget the session. Failures are ignored: the user wanted out either way.
 */
export async function logout(): Promise<void> {
  // Always first, as the spec orders it; a session that is not imitating just gets an error.
  await deleteImitation().catch(() => undefined);
  // The admin's own token, if this browser has one, is what DELETE /token must revoke.
  session.endImitation();
  if (session.bearer()) await deleteToken().catch(() => undefined);
  await wait(LOGOUT_WAIT_MS);
  clearSession();
}
