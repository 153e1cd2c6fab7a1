import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  ruleFiringSchema,
  ruleSaveSchema,
  ruleSchema,
  ruleTestRequestSchema,
  ruleTestResultSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { pageMeta } from '../../http/pagination';
import {
  createRule,
  firingsOf,
  removeRule,
  ruleDetails,
  rulesOf,
  updateRule,
} from './rules.service';
import { testDraftRule, testRule } from './rule-test.service';

const accountQuery = z.object({ account_id: idParamSchema.describe('Account id') });
const ruleParams = z.object({ id: idParamSchema.describe('Rule id') });

const tags = ['rules'];
const access =
  ' Needs the account flag has_rules_engine (else 403); writes need manage Rules (all but ' +
  "Viewers), else 403. Another account's rule id answers 404.";
const body =
  "name ('Untitled rule' when empty), is_enabled and throttle_enabled (0/1 or booleans), " +
  'throttle_hours (a number or numeric text; empty is null; required with the throttle), ' +
  'conditions and actions: each { type, operator: and|or (default and), data } as spec 001 §3. ' +
  'Conditions joined by and bind tighter than or. Trackers must be ones the caller sees, ' +
  "geofences the account's, a command one of the model's without arguments (nor a category), time zones from GET /timezones: " +
  'else 422 on that field. event_time windows are read in the X-Timezone of the call. ' +
  'Episode conditions (issue 36 §4: speeding, idling, trip, no_report, temperature, humidity, ' +
  'battery) read accepted fixes only, and make the rule fire once per episode and tracker.';

/** The rules engine (spec 001 §2 "Rules", §7 "Rules"): paths of its second reading. */
export const ruleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/rules-engine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The account's rules by name",
        description: access,
        querystring: accountQuery,
        response: { 200: listEnvelope(ruleSchema) },
      },
    },
    async (request) => {
      const rules = await rulesOf(ctx, await actorFor(request, request.query.account_id));
      return { data: rules, meta: pageMeta(rules.length, 1, Math.max(1, rules.length)) };
    },
  );

  app.post(
    '/rules-engine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Create a rule',
        description: body + access,
        querystring: accountQuery,
        body: ruleSaveSchema,
        response: { 201: dataEnvelope(ruleSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.query.account_id);
      const rule = await createRule(ctx, actor, request.body, request.timezone);
      return reply.status(201).send({ data: rule });
    },
  );

  app.post(
    '/rules-engine/test',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Replay the last 7 days of the account's history through a rule as the form holds it, saved or not: when it would have fired (nothing is sent)",
        description:
          'The body is the part of a rule that decides when it fires: conditions, throttle_enabled ' +
          'and throttle_hours as for POST /rules-engine (actions and the rest may be sent and are ' +
          'ignored). It is tested as if enabled; event_time windows are read in the X-Timezone of ' +
          'the call. Only the trackers the caller sees are replayed.' +
          access,
        querystring: accountQuery,
        body: ruleTestRequestSchema,
        response: { 200: dataEnvelope(ruleTestResultSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      return { data: await testDraftRule(ctx, actor, request.body, request.timezone) };
    },
  );

  app.get(
    '/rules-engine/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One rule',
        description: access,
        params: ruleParams,
        querystring: accountQuery,
        response: { 200: dataEnvelope(ruleSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      return { data: await ruleDetails(ctx, actor, request.params.id) };
    },
  );

  app.put(
    '/rules-engine/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "Replace a rule's fields",
        description: body + access,
        params: ruleParams,
        querystring: accountQuery,
        body: ruleSaveSchema,
        response: { 200: dataEnvelope(ruleSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      const { id } = request.params;
      return { data: await updateRule(ctx, actor, id, request.body, request.timezone) };
    },
  );

  app.delete(
    '/rules-engine/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a rule and its firing log',
        description: access,
        params: ruleParams,
        querystring: accountQuery,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      await removeRule(ctx, actor, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/rules-engine/:id/firings',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "The rule's newest firings (at most 100): trigger and each action's outcome",
        description: access,
        params: ruleParams,
        querystring: accountQuery,
        response: { 200: dataEnvelope(z.array(ruleFiringSchema)) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      return { data: await firingsOf(ctx, actor, request.params.id) };
    },
  );

  app.post(
    '/rules-engine/:id/test',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          "Replay the last 7 days of the account's history through the saved rule: when it would have fired (nothing is sent)",
        description: access,
        params: ruleParams,
        querystring: accountQuery,
        response: { 200: dataEnvelope(ruleTestResultSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.query.account_id);
      return { data: await testRule(ctx, actor, request.params.id) };
    },
  );
};
