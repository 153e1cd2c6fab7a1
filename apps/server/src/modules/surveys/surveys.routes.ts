import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  listEnvelope,
  SURVEY_QUIET_DAYS,
  surveyResponseCreateSchema,
  surveyResponseSchema,
  surveyStatusSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { respondToSurvey, surveyResponsesFor, surveyStatus } from './surveys.service';

const tags = ['surveys'];
const who =
  'Offered to members of accounts with the settings uses_gpx_app and included_in_cs on, in ' +
  'their own session: never while imitating, never to platform admins or API tokens.';

/** The satisfaction survey (NPS, spec 002 §2.11) and its answers for platform admins. */
export const surveyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/survey',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Whether the app shows the satisfaction survey to this session now',
        description: `${who} Not shown for ${SURVEY_QUIET_DAYS} days after the user answered or dismissed it.`,
        params: idParam,
        response: { 200: dataEnvelope(surveyStatusSchema) },
      },
    },
    async (request) => ({
      data: await surveyStatus(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.post(
    '/accounts/:id/survey-responses',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Answer (score 0 to 10, optional comment) or dismiss the satisfaction survey',
        description: `${who} 403 for anyone else; 422 on score unless 0 to 10 or dismissed.`,
        params: idParam,
        body: surveyResponseCreateSchema,
        response: { 201: dataEnvelope(z.object({ recorded: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      await respondToSurvey(ctx, await actorFor(request, request.params.id), request.body);
      return reply.status(201).send({ data: { recorded: true as const } });
    },
  );

  app.get(
    '/admin/survey-responses',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Satisfaction survey answers and dismissals, newest first (platform admins only)',
        description: 'Searched by the user’s name or e-mail or the account’s title.',
        querystring: pageQuery,
        response: { 200: listEnvelope(surveyResponseSchema) },
      },
    },
    async (request) => {
      const { page, per_page, query } = request.query;
      const { rows, total } = await surveyResponsesFor(ctx, requireAuth(request), {
        ...(query ? { search: query } : {}),
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );
};
