import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountMemberships, exportFiles, mailOutbox } from '../../db/schema';
import { createAccount, createTestApp, createUser, type TestApp } from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from '../delivery/delivery.fixture';
import { deliverExport, type ExportDelivery } from './deliver-export';

let t: TestApp;
let world: RefusingWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = refusingWorld(t);
});
afterAll(() => t.close());

async function member() {
  const account = await createAccount(t);
  const user = await createUser(t, { account, role: 'user' });
  return { account, user };
}

function delivery(m: Awaited<ReturnType<typeof member>>): ExportDelivery {
  return {
    jobId: randomUUID(),
    userId: m.user.id,
    accountId: m.account.id,
    filePrefix: 'depots',
    title: 'depots CSV',
    subject: 'Your Waymark depots CSV is ready',
    build: async (membership) => `account\r\n${membership.title}\r\n`,
  };
}

const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
/** The export job's run, and the outbox's send that it queued. */
const deliver = async (d: ExportDelivery) => {
  await deliverExport(t.ctx, d);
  await t.ctx.jobs.idle();
};
const exportsOf = (jobId: string) =>
  t.db.select().from(exportFiles).where(eq(exportFiles.job_id, jobId));

it('stores the file, records the export and mails its link', async () => {
  const m = await member();
  const d = delivery(m);
  await deliver(d);
  const [mail] = await mailsTo(m.user.email);
  expect(mail!.subject).toBe('Your Waymark depots CSV is ready');
  expect(mail!.text).toMatch(
    new RegExp(
      `^The depots CSV you asked for in ${m.account.title} is ready\\.\\n\\nDownload it within 7 days: http\\S+/api/exports/[0-9a-f-]{36}$`,
    ),
  );
  const link = new URL(/(http\S+)/.exec(mail!.text)![1]!);
  const download = await t.app.inject({ url: link.pathname });
  expect(download.body).toBe(`account\r\n${m.account.title}\r\n`);
  expect(download.headers['content-disposition']).toMatch(/filename="depots-\d{4}-\d\d-\d\d\.csv"/);
});

it('records one export and mails once when the job runs again', async () => {
  const m = await member();
  const d = delivery(m);
  await deliver(d);
  await deliver(d);
  expect(await exportsOf(d.jobId)).toHaveLength(1);
  expect(await mailsTo(m.user.email)).toHaveLength(1);
});

it('retries the mail alone when the mail server refused it, and mails once', async () => {
  const m = await member();
  const d = delivery(m);
  world.refuse(m.user.email);
  await deliver(d);
  expect(await mailsTo(m.user.email)).toHaveLength(0);
  const [queued] = await world.messages(`export:${(await exportsOf(d.jobId))[0]!.id}`);
  expect(queued).toMatchObject({ status: 'retrying', kind: 'export', to: m.user.email });
  // The export job runs again (killed before the queue marked it done): nothing new.
  await deliver(d);
  world.accept(m.user.email);
  await world.backOffElapses();
  expect(await exportsOf(d.jobId)).toHaveLength(1);
  expect(await mailsTo(m.user.email)).toHaveLength(1);
});

it('delivers nothing to a user who left the account before the job ran', async () => {
  const m = await member();
  const d = delivery(m);
  await t.db
    .delete(accountMemberships)
    .where(
      and(
        eq(accountMemberships.user_id, m.user.id),
        eq(accountMemberships.account_id, m.account.id),
      ),
    );
  await deliver(d);
  expect(await exportsOf(d.jobId)).toHaveLength(0);
  expect(await mailsTo(m.user.email)).toHaveLength(0);
});
