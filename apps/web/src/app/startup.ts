import { deleteToken, exchangeTemporaryToken } from '../api/auth';
import { CONFIG_KEY, fetchConfig } from '../api/config';
import { queryClient } from '../api/queryClient';
import { session } from '../api/session';
import { preloadScreenData } from './preload';
import { loginPathFor } from './routing/nextPath';
import { isPublicPage, isPublicPath } from './routing/publicPaths';
import { currentSessionView } from './session/currentView';
import { loadSession } from './session/loadSession';
import { readStartupParams, withoutStartupParams } from './session/urlParams';

export type StartUpResult = { kind: 'mount' } | { kind: 'leave'; url: string };

function applyImpersonation(params: ReturnType<typeof readStartupParams>): void {
  if (params.noImitate) session.endImitation();
  if (params.adminToken) session.setToken(params.adminToken);
  if (params.imitationToken) {
    session.setImitationToken(params.imitationToken);
    session.setImitateFrom(params.imitateFrom);
  }
}

const isApproveOrderPage = (path: string) => path.startsWith('/approve-order');

/**
 * Start-up (spec 002 §4.6): take tokens from the address, exchange a temporary token, fetch
 * the current user for the stored account, move to the other brand's app when the account
 * belongs there, else mount. Any failure lands on /login.
 */
export async function startUp(): Promise<StartUpResult> {
  const url = new URL(window.location.href);
  // Public pages own their query: the password reset link carries its own `token`.
  const publicPage = isPublicPage(url.pathname);
  const params = readStartupParams(publicPage ? new URLSearchParams() : url.searchParams);
  if (!publicPage) window.history.replaceState(window.history.state, '', withoutStartupParams(url));
  const path = window.location.pathname + window.location.search;

  const configPromise = fetchConfig();
  try {
    applyImpersonation(params);
    if (params.temporaryToken) {
      const exchanged = await exchangeTemporaryToken(params.temporaryToken);
      if ('imitation_token' in exchanged) session.setImitationToken(exchanged.imitation_token);
      else session.setToken(exchanged.token);
    }
    const config = await configPromise;
    queryClient.setQueryData(CONFIG_KEY, config);
    if (!session.bearer()) return { kind: 'mount' };

    const outcome = await loadSession(config, path);
    if (outcome.kind === 'leave') return outcome;
    // Once GET /me tells what the account may use, still before the screen's code loads.
    if (outcome.kind === 'ready') preloadScreenData(queryClient, path, currentSessionView());
    if (outcome.kind === 'no-account' && !isApproveOrderPage(url.pathname)) {
      await deleteToken().catch(() => undefined);
      session.clear();
      if (!isPublicPath(url.pathname)) window.history.replaceState(null, '', '/login');
    }
    return { kind: 'mount' };
  } catch (error) {
    console.warn('Start-up failed; showing the login page', error);
    session.clear();
    queryClient.setQueryData(CONFIG_KEY, await configPromise);
    // A public page (a password reset link, a tracking page) stays usable without a session.
    if (!isPublicPath(url.pathname)) window.history.replaceState(null, '', loginPathFor(path));
    return { kind: 'mount' };
  }
}
