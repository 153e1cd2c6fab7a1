import { safeNext } from '../routing/nextPath';

/**
 * What the start-up query parameters ask for (spec 002 §4.6, §6):
 * - `temporary_token`: a one-time token from the other brand's app, exchanged for a session.
 * - `token`: an impersonation token to act with.
 * - `admin`: the platform admin's own token, so quitting the impersonation keeps them in.
 * - `imitate_from`: the in-app path to return to after quitting.
 * - `no_imitate`: drop any impersonation.
 */
export interface StartupParams {
  temporaryToken: string | null;
  imitationToken: string | null;
  adminToken: string | null;
  imitateFrom: string | null;
  noImitate: boolean;
}

export const STARTUP_PARAM_NAMES = [
  'temporary_token',
  'token',
  'admin',
  'imitate_from',
  'no_imitate',
] as const;

export function readStartupParams(params: URLSearchParams): StartupParams {
  const value = (name: string) => params.get(name)?.trim() || null;
  return {
    temporaryToken: value('temporary_token'),
    imitationToken: value('token'),
    adminToken: value('admin'),
    imitateFrom: safeNext(value('imitate_from')),
    noImitate: params.has('no_imitate'),
  };
}

/** The address without the start-up parameters, so a reload or a shared link does not replay them. */
export function withoutStartupParams(url: URL): string {
  const clean = new URL(url.href);
  for (const name of STARTUP_PARAM_NAMES) clean.searchParams.delete(name);
  return clean.pathname + clean.search + clean.hash;
}
