import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  meSchema,
  timezoneSchema,
  userSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
  userUpdateSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { requireAuth } from '../../http/auth';
import { idParam } from '../../http/params';
import {
  currentUser,
  storeUserSettings,
  timezones,
  updateProfile,
  userSettingsOf,
} from './users.service';

/** The signed-in user, their profile, time zones and per-account user settings. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their accounts, roles, flags and settings',
        response: { 200: dataEnvelope(meSchema) },
      },
    },
    async (request) => ({ data: await currentUser(ctx, requireAuth(request)) }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Update a profile (your own; platform admins any)',
        params: idParam,
        body: userUpdateSchema,
        response: { 200: dataEnvelope(userSchema) },
      },
    },
    async (request) => ({
      data: await updateProfile(ctx, requireAuth(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/timezones',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'IANA time zones a user can choose',
        response: { 200: dataEnvelope(z.array(timezoneSchema)) },
      },
    },
    async () => ({ data: await timezones(ctx) }),
  );

  app.get(
    '/accounts/:id/user-settings',
    {
      config: { access: 'account' },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's settings in this account (code/value pairs)",
        params: idParam,
        response: { 200: dataEnvelope(userSettingsSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await userSettingsOf(ctx, actor) };
    },
  );

  app.post(
    '/accounts/:id/user-settings',
    {
      config: { access: 'account' },
      schema: {
        tags: ['users'],
        summary: 'Store user settings in this account; returns every setting after the change',
        params: idParam,
        body: userSettingsUpdateSchema,
        response: { 200: dataEnvelope(userSettingsSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await storeUserSettings(ctx, actor, request.body.settings) };
    },
  );
};
