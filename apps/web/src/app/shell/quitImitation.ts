import { deleteImitation } from '../../api/auth';
import { session } from '../../api/session';
import { clearSession } from '../session/endSession';
import { HOME_PATH } from '../routing/nextPath';

export const QUIT_IMITATION_FAILED = 'An error ocurred, please try again later.';

/**
 * Ends the impersonation on the server, then continues as the admin, in the account they had
 * open before, when this browser holds their own token, else returns to the login page. The
 * full page load is what drops the imitated user's cached account, abilities, queries and
 * live-position socket: nothing of that session survives in memory.
 */
export async function quitImitation(): Promise<void> {
  await deleteImitation();
  const returnTo = session.imitateFrom() ?? HOME_PATH;
  session.endImitation();
  if (session.token()) window.location.assign(returnTo);
  else clearSession();
}
