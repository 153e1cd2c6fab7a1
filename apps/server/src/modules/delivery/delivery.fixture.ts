import { asc, eq, like, sql } from 'drizzle-orm';
import { outboxMailer, type Mailer } from '../../adapters/mail/mailer';
import { outboxSms, type SmsSender } from '../../adapters/sms/sms';
import { mailOutbox, outboundMessages, smsOutbox } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/**
 * The outside world of the outbox, for tests: a mail server and an SMS provider that refuse
 * the recipients named (`550 mailbox unavailable`), else deliver into the outbox tables as the
 * embedded product does. Installed on the app's context, so the real `outbound-message` jobs
 * of the real queue send through it.
 */
export function refusingWorld(t: TestApp) {
  const refused = new Set<string>();
  const mail = outboxMailer(t.db);
  const sms = outboxSms(t.db);
  const mailer: Mailer = {
    async send(message) {
      if (refused.has(message.to)) throw new Error(`550 mailbox ${message.to} unavailable`);
      await mail.send(message);
    },
    close() {},
  };
  const texts: SmsSender = {
    async send(to, text, key) {
      if (refused.has(to)) throw new Error(`SMS provider answered 400 for ${to}`);
      await sms.send(to, text, key);
    },
  };
  Object.assign(t.ctx, { mailer, sms: texts });
  return {
    refuse: (...to: string[]) => to.forEach((r) => refused.add(r)),
    accept: (...to: string[]) => to.forEach((r) => refused.delete(r)),
    /** The mails a recipient got, oldest first. */
    mailsTo: (to: string) =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id)),
    smsTo: (to: string) =>
      t.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(asc(smsOutbox.id)),
    /** The outbox rows whose key starts with `prefix`, by key. */
    messages: (prefix: string) =>
      t.db
        .select()
        .from(outboundMessages)
        .where(like(outboundMessages.key, `${prefix}%`))
        .orderBy(asc(outboundMessages.key)),
    backOffElapses: () => backOffElapses(t),
  };
}

/**
 * The queue's back-off elapses: retries of outbox messages it holds are due now, and run.
 * The retry itself is the queue's own (pg-boss state `retry`), not a call of ours.
 */
export async function backOffElapses(t: Pick<TestApp, 'db' | 'ctx'>) {
  await t.db.execute(
    sql`UPDATE pgboss.job SET start_after = now()
        WHERE name = 'outbound-message' AND state = 'retry'`,
  );
  await t.ctx.jobs.idle();
}
export type RefusingWorld = ReturnType<typeof refusingWorld>;
