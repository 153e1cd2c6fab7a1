import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { principalOfBearer, type PrincipalUser, type Session } from '../access/principal';
import { forbidden, unauthenticated } from '../errors/domain-error';
import { bearerToken } from './tokens';
import './route-access';

export type AuthUser = PrincipalUser;

/** The signed-in caller: the access module's Session (user, imitator, token id). */
export type Auth = Session;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that is not public; read it through `requireAuth`. */
    auth: Auth | null;
    /** IANA time zone of the browser (X-Timezone header), UTC when absent or unknown. */
    timezone: string;
  }
}

/** The signed-in caller of a non-public route. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Where a password was tried from, as the login throttle counts it. */
export function originOf(request: FastifyRequest): { ip: string; userAgent?: string } {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}

function validTimezone(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * Calls about a person's own login (their profile, password, sessions, impersonation) and the
 * platform's administration: an account's API token stands for the account, not for a person,
 * so it may not make them.
 */
const OWN_LOGIN_CALLS = /^\/api\/(me$|token$|temporary-token$|password$|imitate$|users\/|admin\/)/;
export const API_TOKEN_REFUSED = "An account's API token cannot make this call; log in instead.";

/** Authenticates every non-public /api route by its bearer token. */
export const authPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('timezone', 'UTC');
  app.addHook('onRequest', async (request) => {
    request.timezone = validTimezone(request.headers['x-timezone']);
    if (request.routeOptions.config.access === 'public' || !request.url.startsWith('/api')) return;
    if (request.url.startsWith('/api/docs')) return; // the OpenAPI document and its viewer
    if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    const session = await principalOfBearer(db, token);
    if (!session) throw unauthenticated();
    if (session.apiAccountId !== undefined && OWN_LOGIN_CALLS.test(request.routeOptions.url)) {
      throw forbidden(API_TOKEN_REFUSED);
    }
    request.auth = session;
  });
});
