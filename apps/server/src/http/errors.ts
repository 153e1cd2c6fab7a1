/** An error whose status and body are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
/** 429, telling the client when to come back when it is known. */
export const tooManyRequests = (message = 'Too Many Attempts.', retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    undefined,
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );

/** 422 for one field, with the spec's message for it. */
export const invalidField = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });
