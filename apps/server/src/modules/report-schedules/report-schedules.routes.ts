import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  idParamSchema,
  reportScheduleCreateSchema,
  reportScheduleRecipientSchema,
  reportScheduleSchema,
  reportScheduleUpdateSchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import {
  createSchedule,
  editSchedule,
  removeSchedule,
  scheduleRecipientsOf,
  schedulesOf,
} from './report-schedules.service';

const tags = ['fleet reports'];
const scheduleParams = z.object({
  id: idParamSchema.describe('Account id'),
  scheduleId: idParamSchema.describe('Schedule id'),
});
const who =
  ' Needs manage Reports (Admins, Managers and Power Users), else 403 "Access denied"; ' +
  'another account’s schedule is 404.';
const what =
  'A schedule mails a fleet report (trips, stops or summary) of its trackers or groups (none: ' +
  'every tracker the reader sees) after each day, week (Monday to Sunday) or month, as an ' +
  'XLSX or PDF attachment, to users of the account and to addresses. Each recipient’s period ' +
  'is counted on their clock (the user’s profile zone, else the account’s; an address has the ' +
  'account’s) and sent once when it has ended there: once per schedule, recipient and period, ' +
  'across restarts; a period missed while the server was down is sent late (up to the last ' +
  '31). A user gets what they see of the account; an address what the schedule’s maker sees.';

/** Scheduled fleet reports of an account (issue 36 §3): list, recipients, create, edit, delete. */
export const reportScheduleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/report-schedules',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Scheduled fleet reports of the account, newest first',
        description: what + who,
        params: idParam,
        response: { 200: dataEnvelope(z.array(reportScheduleSchema)) },
      },
    },
    async (request) => ({
      data: await schedulesOf(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.post(
    '/accounts/:id/report-schedules',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Schedule a fleet report by e-mail',
        description:
          `${what} 422 with the field’s message: name empty; report, frequency or format not ` +
          'one of theirs; no user and no address (on user_ids); an address that is not one; a ' +
          'tracker the caller does not see, a group or a user not of the account.' +
          who,
        params: idParam,
        body: reportScheduleCreateSchema,
        response: { 201: dataEnvelope(reportScheduleSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      return reply.status(201).send({ data: await createSchedule(ctx, actor, request.body) });
    },
  );

  app.get(
    '/accounts/:id/report-schedules/recipients',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The users of the account a schedule can mail, by name',
        description:
          'Each member of the account with id, name and e-mail: what `user_ids` of a schedule ' +
          'take. Those who may schedule reports need not manage users, so this is not the ' +
          'Users list.' +
          who,
        params: idParam,
        response: { 200: dataEnvelope(z.array(reportScheduleRecipientSchema)) },
      },
    },
    async (request) => ({
      data: await scheduleRecipientsOf(ctx, await actorFor(request, request.params.id)),
    }),
  );

  app.put(
    '/accounts/:id/report-schedules/:scheduleId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Edit a scheduled fleet report (the whole schedule, as when made)',
        description:
          'The body and its 422s are those of POST. Periods that ended before the edit are ' +
          'still sent (as the schedule is now); after it, each recipient’s periods count from ' +
          'the edit, so an added recipient gets no earlier period; a changed frequency starts ' +
          'with its first period that begins after the edit; a recipient taken off gets ' +
          'nothing more.' +
          who,
        params: scheduleParams,
        body: reportScheduleUpdateSchema,
        response: { 200: dataEnvelope(reportScheduleSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return {
        data: await editSchedule(ctx, actor, request.params.scheduleId, request.body),
      };
    },
  );

  app.delete(
    '/accounts/:id/report-schedules/:scheduleId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a scheduled fleet report; periods not yet sent are not sent',
        description: who,
        params: scheduleParams,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      await removeSchedule(ctx, actor, request.params.scheduleId);
      return reply.status(204).send(null);
    },
  );
};
