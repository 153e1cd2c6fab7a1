import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  dataEnvelope,
  forgotPasswordSchema,
  loginRequestSchema,
  passwordUpdateSchema,
  resetPasswordSchema,
  temporaryTokenExchangeSchema,
  tokenResponseSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { originOf, requireAuth } from '../../http/auth';
import { tooManyRequests } from '../../errors/domain-error';
import * as auth from './auth.service';

const messageEnvelope = dataEnvelope(z.object({ message: z.string() }));

const nullEnvelope = dataEnvelope(z.null());

/** Login, logout, password flows and the temporary-token exchange (spec 002 §7.1). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const loginLimit = {
    max: ctx.config.LOGIN_RATE_LIMIT,
    timeWindow: '1 minute',
    // Per address and e-mail, so one attacker cannot lock out everybody behind a NAT.
    keyGenerator: (request: { ip: string; body?: unknown }) =>
      `${request.ip}:${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
    hook: 'preHandler' as const,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.tooManyAttempts),
  };

  app.post(
    '/token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with e-mail and password; returns a bearer token. After LOGIN_RATE_LIMIT failures in a minute for one address and e-mail: 429',
        body: loginRequestSchema,
        response: { 200: dataEnvelope(tokenResponseSchema) },
      },
    },
    async (request) => {
      const token = await auth.login(ctx, request.body, originOf(request));
      return { data: { token } };
    },
  );

  app.delete(
    '/token',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke this bearer token (its websockets close)',
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      await auth.logout(ctx, requireAuth(request));
      return { data: null };
    },
  );

  app.delete(
    '/imitate',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          'Exit impersonation: revoke the imitation token and close its websockets (no effect otherwise)',
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      await auth.endImitation(ctx, requireAuth(request));
      return { data: null };
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          "Change the signed-in user's password, giving the current one (a wrong one: 422 on current_password, counted as a failed login); other sessions are signed out and their websockets closed. 403 while imitating",
        body: passwordUpdateSchema,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await auth.changePassword(ctx, requireAuth(request), request.body, originOf(request));
      return { data: { message: 'Password has been updated!' } };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the address exists)',
        body: forgotPasswordSchema,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await auth.sendResetLink(ctx, request.body.email);
      return { data: { message: MESSAGES.resetLinkSent } };
    },
  );

  app.put(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the mailed link',
        body: resetPasswordSchema,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return { data: { message: 'Password has been updated!' } };
    },
  );

  app.post(
    '/temporary-token',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'A one-time token, valid for 60 s, that carries this session to another host',
        response: { 200: dataEnvelope(tokenResponseSchema) },
      },
    },
    async (request) => ({
      data: { token: await auth.issueTemporaryToken(ctx, requireAuth(request)) },
    }),
  );

  app.put(
    '/temporary-token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a temporary token once for a session token (or an imitation token)',
        body: temporaryTokenExchangeSchema,
        response: {
          200: dataEnvelope(
            z.union([z.object({ token: z.string() }), z.object({ imitation_token: z.string() })]),
          ),
        },
      },
    },
    async (request) => ({ data: await auth.exchangeTemporaryToken(ctx, request.body.token) }),
  );
};
