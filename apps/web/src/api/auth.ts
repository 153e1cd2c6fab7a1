import {
  meSchema,
  type ForgotPassword,
  type LoginRequest,
  type Me,
  type ResetPassword,
} from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

export const ME_KEY = ['me'] as const;

export async function fetchMe(): Promise<Me> {
  return checked(meSchema, await request<unknown>('/me', { globalErrors: false }), 'GET /me');
}

export async function createToken(credentials: LoginRequest): Promise<string> {
  const data = await request<{ token: string }>('/token', {
    method: 'POST',
    body: credentials,
    globalErrors: false,
  });
  return data.token;
}

export async function deleteToken(): Promise<void> {
  await request('/token', { method: 'DELETE', globalErrors: false });
}

export async function deleteImitation(): Promise<void> {
  await request('/imitate', { method: 'DELETE', globalErrors: false });
}

/** A short-lived one-time token for the current user, to carry the session to another host. */
export async function createTemporaryToken(): Promise<string> {
  const data = await request<{ token: string }>('/temporary-token', {
    method: 'POST',
    globalErrors: false,
  });
  return data.token;
}

export type ExchangedToken = { token: string } | { imitation_token: string };

export async function exchangeTemporaryToken(token: string): Promise<ExchangedToken> {
  return request<ExchangedToken>('/temporary-token', {
    method: 'PUT',
    body: { token },
    globalErrors: false,
  });
}

export async function requestPasswordReset(body: ForgotPassword): Promise<string> {
  const data = await request<{ message: string }>('/forgot-password', {
    method: 'POST',
    body,
    globalErrors: false,
  });
  return data.message;
}

export async function resetPassword(body: ResetPassword): Promise<string | undefined> {
  const data = await request<{ message?: string } | undefined>('/reset-password', {
    method: 'PUT',
    body,
    globalErrors: false,
  });
  return data?.message;
}
