/** An error whose status and body are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const tooManyRequests = (message = 'Too Many Attempts.') => new HttpError(429, message);

/** 422 for one field, with the spec's message for it. */
export const invalidField = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });
