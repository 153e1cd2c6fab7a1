import type { ErrorKind } from '../errors/domain-error';

/** The status each kind of refusal answers with. */
export const STATUS_OF: Record<ErrorKind, number> = {
  'bad-request': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  invalid: 422,
  'too-many-requests': 429,
};
