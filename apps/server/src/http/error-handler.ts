import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldErrorsOf, type ErrorBody } from '@waymark/domain';
import { DomainError } from '../errors/domain-error';
import { STATUS_OF } from './errors';

/**
 * The one error handler: validation -> 422 with messages per field, domain errors with the
 * status of their kind, anything else -> 500 whose details go to the log and the error reporter (SENTRY_DSN),
 * never to the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The web app's forms map their schema's issues with the same function.
      const errors = fieldErrorsOf(
        error.validation.map((issue) => ({
          path: (issue.instancePath ?? '').split('/').filter(Boolean),
          message: issue.message ?? 'invalid',
        })),
      );
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors } satisfies ErrorBody);
    }
    if (error instanceof DomainError) {
      const body: ErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS_OF[error.kind]).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit): safe to show.
      return reply.status(status).send({ message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    app.ctx.errors.capture(error, {
      kind: 'request',
      where: request.routeOptions.url ?? 'unknown route',
      method: request.method,
      requestId: request.id,
    });
    return reply.status(500).send({ message: 'Server Error' } satisfies ErrorBody);
  });
}
