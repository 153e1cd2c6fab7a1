import { deleteImitation } from '../../api/auth';
import { session } from '../../api/session';
import { clearSession } from '../session/endSession';
import { HOME_PATH } from '../routing/nextPath';

export const QUIT_IMITATION_FAILED = 'An error ocurred, please try again later.';

/**
 * Ends the impersonation on the server, then continues as the admin when this browser holds
 * their own token (full reload so every cache is theirs), else returns to the login page.
 */
export async function quitImitation(): Promise<void> {
  await deleteImitation();
  const returnTo = session.imitateFrom() ?? HOME_PATH;
  session.setImitationToken(null);
  session.setImitateFrom(null);
  if (session.token()) window.location.assign(returnTo);
  else clearSession();
}
