/**
 * What a service, a job or the access check refuses, in the product's terms: HTTP maps each
 * kind to its status (`http/error-handler.ts`), a job reads the kind or the message (a rule's
 * action refused, Scout's tool told why). Nothing below HTTP knows a status code.
 */
export type ErrorKind =
  | 'bad-request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'too-many-requests';

export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** The messages per field of an `invalid` error, as the spec words them. */
    readonly errors?: Record<string, string[]>,
    /** When a `too-many-requests` caller may come back, when it is known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new DomainError('bad-request', message);
export const unauthenticated = (message = 'Unauthenticated.') =>
  new DomainError('unauthenticated', message);
export const forbidden = (message = 'This action is unauthorized.') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Not Found') => new DomainError('not-found', message);
/** The state changed under the caller, or does not allow what it asked. */
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooManyRequests = (message = 'Too Many Attempts.', retryAfterSeconds?: number) =>
  new DomainError('too-many-requests', message, undefined, retryAfterSeconds);
/** Refused input: the message and the messages per field. */
export const invalid = (message: string, errors: Record<string, string[]>) =>
  new DomainError('invalid', message, errors);
/** Refused input of one field, with the spec's message for it. */
export const invalidField = (field: string, message: string) =>
  invalid(message, { [field]: [message] });
