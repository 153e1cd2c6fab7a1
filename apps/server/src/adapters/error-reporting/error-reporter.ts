import {
  defaultStackParser,
  makeNodeTransport,
  NodeClient,
  Scope,
  type ErrorEvent,
} from '@sentry/node';
import { loggedError } from '../../http/log-serializers';

/** Where a failure happened: the route pattern or the job, never the request's data. */
export interface ErrorContext {
  kind: 'request' | 'job';
  /** The route pattern ('/api/accounts/:accountId/reports') or the job's name. */
  where: string;
  method?: string;
  requestId?: string;
}

/** Reports the server's own failures (5xx answers, failed job attempts) to an error service. */
export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is still queued (before the process exits). */
  flush(timeoutMs?: number): Promise<void>;
}

const nobody: ErrorReporter = { capture: () => undefined, flush: async () => undefined };

/**
 * The same failure as an error without its data: a failed query's statement and parameters
 * and a database error's row values are dropped as in the logs (issue 24), so a report carries
 * no user data.
 */
function withoutData(error: unknown): Error {
  const logged = loggedError(error);
  const safe = new Error(logged.message);
  safe.name = logged.type;
  safe.stack = logged.stack.startsWith(`${logged.type}:`)
    ? logged.stack
    : `${logged.type}: ${logged.message}\n${logged.stack}`;
  return safe;
}

/**
 * A Sentry-compatible service (SENTRY_DSN: Sentry, GlitchTip, Bugsink and the like), through
 * the SDK's client without its global hub or automatic instrumentation: only what the server
 * hands it is sent, with no request headers, cookies, bodies or user data.
 */
function sentryReporter(dsn: string, environment: string, release: string): ErrorReporter {
  const client = new NodeClient({
    dsn,
    environment,
    release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    // Nothing but what capture() builds: no breadcrumbs of console lines or HTTP calls.
    maxBreadcrumbs: 0,
    beforeSend: (event: ErrorEvent) => {
      delete event.request;
      delete event.user;
      return event;
    },
  });
  client.init();
  return {
    capture(error, context) {
      const scope = new Scope();
      scope.setClient(client);
      scope.setTags({ kind: context.kind, where: context.where });
      if (context.method) scope.setTag('method', context.method);
      if (context.requestId) scope.setTag('request_id', context.requestId);
      scope.captureException(withoutData(error));
    },
    async flush(timeoutMs = 2000) {
      await client.flush(timeoutMs);
    },
  };
}

export function createErrorReporter(
  config: { SENTRY_DSN?: string; SENTRY_ENVIRONMENT: string },
  release: string,
): ErrorReporter {
  return config.SENTRY_DSN
    ? sentryReporter(config.SENTRY_DSN, config.SENTRY_ENVIRONMENT, release)
    : nobody;
}
