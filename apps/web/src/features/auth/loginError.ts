import { ApiError } from '../../api/client';

export const LOGIN_FALLBACK_ERROR = 'An error occurred.';

/** Spec 002 §8: the server's message when it sent one, else a generic sentence. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) {
    return error.message.startsWith('Request failed with status code')
      ? LOGIN_FALLBACK_ERROR
      : error.message;
  }
  return LOGIN_FALLBACK_ERROR;
}
