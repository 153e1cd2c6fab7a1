import * as Sentry from '@sentry/react';
import type { AppConfig, Me } from '@waymark/domain';
import { session } from '../api/session';

/** Failures the app already handles (spec 002 §8, "Error reporting"): never reported. */
export const IGNORED_ERRORS = [
  'Request failed with status code 401',
  'Request failed with status code 404',
  'Request aborted',
  'Network Error',
];

/**
 * Sends the web app's uncaught errors to the Sentry-compatible DSN of the installation
 * (SENTRY_DSN), if one is set. Never for platform admins or imitating sessions: their errors
 * are not a customer's (spec 002 §6, admins are excluded from analytics). Answers whether
 * reporting started.
 */
export function startErrorReporting(config: AppConfig, me: Me | undefined): boolean {
  if (!config.sentry_dsn || session.isImitating() || me?.is_gpx_admin) return false;
  Sentry.init({
    dsn: config.sentry_dsn,
    environment: config.sentry_environment,
    release: config.version,
    ignoreErrors: IGNORED_ERRORS,
    // An imitation started later in this page (a temporary token) stays unreported too.
    beforeSend: (event) => (session.isImitating() ? null : event),
  });
  if (me) Sentry.setUser({ id: String(me.id) });
  return true;
}

/** Reports an error the app caught itself (a screen that failed); nothing when not started. */
export function reportError(error: unknown): void {
  Sentry.captureException(error);
}
