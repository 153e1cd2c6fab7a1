import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Rule, RuleFiring } from '@waymark/domain';
import { ruleActionRuns, ruleFirings, timezones } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from '../delivery/delivery.fixture';
import { fix, report } from '../shipments/shipments.fixture';
import { runRuleAction } from './rule-actions';

/**
 * Issue 39 item 12: a rule's webhook, e-mails and text go through the one outbox, one message
 * per recipient keyed by the action run; the rule's log reads their outcome there.
 */
let t: TestApp;
let world: RefusingWorld;
let receiver: Server;
let hookUrl: string;
let hookAnswer = 503;
const hooks: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  world = refusingWorld(t);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push(JSON.parse(body));
      response.statusCode = hookAnswer;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('rule actions through the outbox', () => {
  it('one message per recipient; the refused ones retried alone; a re-run sends nobody twice', async () => {
    const account = await createAccount(t, { has_rules_engine: true });
    const van = await createDevice(t, account, { name: 'Van 40' });
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const [utc] = await t.db.select().from(timezones).where(eq(timezones.identifier, 'UTC'));
    world.refuse('night@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/rules-engine?account_id=${account.id}`,
      headers,
      payload: {
        conditions: [{ type: 'message_content', data: { value: 'position' } }],
        actions: [
          { type: 'send_webhook', data: { url: hookUrl } },
          {
            type: 'send_email',
            data: {
              email_addresses: ['day@example.test', 'night@example.test', 'ops@example.test'],
              subject: '{{name}} reported',
              body: '{{name}} at {{time}}',
              timezone_id: utc!.id,
            },
          },
          {
            type: 'send_text_message',
            data: {
              phone_number: '+13125550140',
              message: '{{name}} reported',
              timezone_id: utc!.id,
            },
          },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json<{ data: Rule }>().data;
    await t.ctx.rules.settled();
    await report(t, [fix(van.serial, new Date(Date.now() - 60_000), 41.9, -87.6)]);
    await t.ctx.rules.settled();
    await t.ctx.jobs.idle();

    const log = async () => {
      const response = await t.app.inject({
        url: `/api/rules-engine/${rule.id}/firings?account_id=${account.id}`,
        headers,
      });
      return response.json<{ data: RuleFiring[] }>().data;
    };
    const [firing] = await log();
    expect(firing!.outcomes).toEqual([
      { type: 'send_webhook', status: 'failed', detail: 'Answered HTTP 503' },
      {
        type: 'send_email',
        status: 'failed',
        detail: '550 mailbox night@example.test unavailable',
      },
      { type: 'send_text_message', status: 'sent', detail: 'Texted +13125550140' },
    ]);
    expect(await world.mailsTo('day@example.test')).toHaveLength(1);
    expect(await world.mailsTo('ops@example.test')).toHaveLength(1);
    expect(await world.mailsTo('night@example.test')).toHaveLength(0);
    expect(hooks).toHaveLength(1);

    // Killed after handing the messages over, before marking the runs: each runs again.
    const [stored] = await t.db.select().from(ruleFirings).where(eq(ruleFirings.rule_id, rule.id));
    const runs = await t.db
      .select()
      .from(ruleActionRuns)
      .where(eq(ruleActionRuns.firing_id, stored!.id));
    await t.db
      .update(ruleActionRuns)
      .set({ status: 'sending' })
      .where(
        inArray(
          ruleActionRuns.id,
          runs.map((r) => r.id),
        ),
      );
    for (const run of runs) {
      await runRuleAction(t.ctx, { id: 'again', name: 'rule-action', data: { run_id: run.id } });
    }
    const keys = runs.map((r) => `rule-run:${r.id}:`);
    const all = async () => (await Promise.all(keys.map((k) => world.messages(k)))).flat();
    expect((await all()).map((m) => m.to).sort()).toEqual(
      [
        hookUrl,
        'day@example.test',
        'night@example.test',
        'ops@example.test',
        '+13125550140',
      ].sort(),
    );

    // The mailbox opens and the receiver answers: the queue's retries send those two only.
    world.accept('night@example.test');
    hookAnswer = 200;
    await world.backOffElapses();
    for (const to of ['day@example.test', 'night@example.test', 'ops@example.test']) {
      expect(await world.mailsTo(to)).toHaveLength(1);
    }
    expect(await world.smsTo('+13125550140')).toHaveLength(1);
    expect(hooks).toHaveLength(2);
    expect((await log())[0]!.outcomes).toEqual([
      { type: 'send_webhook', status: 'sent', detail: 'Answered HTTP 200' },
      {
        type: 'send_email',
        status: 'sent',
        detail: 'E-mailed day@example.test, night@example.test, ops@example.test',
      },
      { type: 'send_text_message', status: 'sent', detail: 'Texted +13125550140' },
    ]);
  });
});
