import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, type Mailer } from '../../adapters/mail/mailer';
import { mailOutbox, outboundMessages } from '../../db/schema';
import { createAccount, createTestApp, createUser, type TestApp } from '../../test/test-app';
import { sendBillingNotice } from '../payments/billing-notices';
import { sendOutboundMessage } from './outbound-message.job';

/**
 * Issue 39 item 12: billing notices go through the one outbox. A recipient whose mail server
 * refuses is retried alone; the fan-out run again (a killed process's retry) mails nobody twice.
 */
let t: TestApp;
const refused = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  // The outside world: an SMTP server that refuses some recipients, else the outbox table.
  const real = outboxMailer(t.db);
  const smtp: Mailer = {
    async send(message) {
      if (refused.has(message.to)) throw new Error(`550 mailbox ${message.to} unavailable`);
      await real.send(message);
    },
    close() {},
  };
  Object.assign(t.ctx, { mailer: smtp });
});
afterAll(() => t.close());

const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

describe('billing notices through the outbox', () => {
  it('mails each admin once, retries only the refused one, and a re-run fan-out sends nothing twice', async () => {
    const account = await createAccount(t, { is_b2b_account: true });
    const admins = await Promise.all(
      [1, 2, 3].map(() => createUser(t, { account, role: 'admin' })),
    );
    const viewer = await createUser(t, { account, role: 'viewer' });
    refused.add(admins[2]!.email);

    const notice = {
      kind: 'subscription-cancelled' as const,
      account_id: account.id,
      subscription_id: 7,
    };
    const jobId = await t.ctx.jobs.enqueue('billing-notice', notice);
    await t.ctx.jobs.idle();
    expect(await mailsTo(admins[0]!.email)).toBe(1);
    expect(await mailsTo(admins[1]!.email)).toBe(1);
    expect(await mailsTo(admins[2]!.email)).toBe(0);
    const [failed] = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.to, admins[2]!.email));
    // Retried by the queue after its back-off: kept as 'retrying', not failed for good.
    expect(failed).toMatchObject({ status: 'retrying', kind: 'billing-notice', attempts: 1 });
    expect(failed!.last_error).toContain('550 mailbox');
    expect(failed!.text).toContain('Subscription #7 has been cancelled.');

    // The fan-out job runs again, as after a kill before it was marked done.
    await sendBillingNotice(t.ctx, { id: jobId, name: 'billing-notice', data: notice });
    await t.ctx.jobs.idle();
    for (const admin of admins.slice(0, 2)) expect(await mailsTo(admin.email)).toBe(1);

    // The refusal lifts; the queue's retry of that one message sends it, once.
    refused.clear();
    const retry = { id: 'retry', name: 'outbound-message', data: { message_id: failed!.id } };
    await sendOutboundMessage(t.ctx, retry);
    await sendOutboundMessage(t.ctx, retry);
    for (const admin of admins) expect(await mailsTo(admin.email)).toBe(1);
    expect(await mailsTo(viewer.email)).toBe(0);
    const rows = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'billing-notice'));
    const mine = rows.filter((r) => admins.some((a) => a.email === r.to));
    expect(mine.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    // A sent message keeps no body (a reset link's secret is not kept past delivery).
    expect(mine.every((r) => r.text === '')).toBe(true);
  });
});
