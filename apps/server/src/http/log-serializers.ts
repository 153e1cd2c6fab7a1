import type { FastifyRequest } from 'fastify';

/**
 * What log lines may say about errors and requests (issue 24: no statement parameters, tokens,
 * passwords or card data in any log line). Fastify's defaults print a failed query with its
 * parameters (drizzle's message and stack carry both), a constraint violation's `detail` with
 * the row's values, and request URLs with the realtime socket's `?token=`.
 */

/** Properties of an error that carry data rather than describe the failure. */
const DATA_PROPERTIES = new Set(['query', 'params', 'parameters', 'detail', 'where', 'body']);
/** Properties worth keeping from a database error (names of things, never values). */
const KEPT_PROPERTIES = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'statusCode',
];
const FAILED_QUERY = /^Failed query:/;
const WITHHELD = 'Failed query (statement and parameters withheld from logs)';
const MAX_CAUSES = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [property: string]: unknown;
}

/** The stack's frames without its first line(s), which repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/** An error as it may be logged: a failed query names neither its statement nor its values. */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failedQuery = FAILED_QUERY.test(error.message);
  const logged: LoggedError = {
    type: error.constructor.name,
    message: failedQuery ? WITHHELD : error.message,
    stack: (failedQuery ? framesOf(error.stack) : error.stack) ?? '',
  };
  const record = error as unknown as Record<string, unknown>;
  for (const key of KEPT_PROPERTIES) {
    const value = record[key];
    if (value !== undefined && !DATA_PROPERTIES.has(key)) logged[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = loggedError(error.cause, depth + 1);
  }
  return logged;
}

/** Query parameters whose values are secrets. */
const SECRET_PARAMETER = /([?&][^=&]*(?:token|password|secret|key)[^=&]*=)[^&]*/gi;

/** A URL with the values of its secret query parameters replaced. */
export const loggedUrl = (url: string) => url.replace(SECRET_PARAMETER, '$1[redacted]');

/** Fastify's request line, with secret query values replaced. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The logger's serializers (Fastify's `logger.serializers`). */
export const logSerializers = { err: loggedError, req: loggedRequest };
