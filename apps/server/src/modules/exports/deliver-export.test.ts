import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountMemberships, exportFiles, mailOutbox } from '../../db/schema';
import type { Mailer } from '../../adapters/mail/mailer';
import { createAccount, createTestApp, createUser, type TestApp } from '../../test/test-app';
import { deliverExport, type ExportDelivery } from './deliver-export';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
const exportsOf = (jobId: string) =>
  t.db.select().from(exportFiles).where(eq(exportFiles.job_id, jobId));

it('stores the file, records the export and mails its link', async () => {
  const m = await member();
  const d = delivery(m);
  await deliverExport(t.ctx, d);
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
  await deliverExport(t.ctx, d);
  await deliverExport(t.ctx, d);
  expect(await exportsOf(d.jobId)).toHaveLength(1);
  expect(await mailsTo(m.user.email)).toHaveLength(1);
});

it('sends the mail on the retry when sending failed', async () => {
  const m = await member();
  const d = delivery(m);
  // The mail server is the outside world: it refuses once.
  const refusing: Mailer = {
    send: async () => {
      throw new Error('421 try again later');
    },
    close: () => undefined,
  };
  await expect(deliverExport({ ...t.ctx, mailer: refusing }, d)).rejects.toThrow(
    '421 try again later',
  );
  expect(await mailsTo(m.user.email)).toHaveLength(0);
  await deliverExport(t.ctx, d);
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
  await deliverExport(t.ctx, d);
  expect(await exportsOf(d.jobId)).toHaveLength(0);
  expect(await mailsTo(m.user.email)).toHaveLength(0);
});
