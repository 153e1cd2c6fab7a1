import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import { ZoneDays } from '@waymark/domain';
import { outboundMessages, reportScheduleSends, reportSchedules, timezones } from '../../db/schema';
import { greatCircle, parkDrivePark } from '../../test/drives';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  openTestDatabase,
  type TestApp,
} from '../../test/test-app';
import type { Database } from '../../db/client';
import { backOffElapses } from '../delivery/delivery.fixture';
import {
  scheduleSendKey,
  sendScheduledReport,
  sweepReportSchedules,
} from './report-schedules.jobs';

/**
 * Issue 36, done when: "a scheduled daily summary reaches the outbox once". The real path:
 * a drive through the pipeline, a schedule made over the API, the sweep and the send jobs on
 * the queue, the SMTP adapter to a real SMTP server the test runs; then the sweep and the job
 * again, and again after a restart on the same database, and still one mail.
 */

const mails: { to: string[]; data: string }[] = [];
/** Addresses whose mailbox the SMTP server refuses (550), as a real one does. */
const refused = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, callback) {
    if (!refused.has(address.address)) return callback();
    callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

let database: Database;
let smtpUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const start = () => createTestApp({ SMTP_URL: smtpUrl }, { database });

/** The attachment of a MIME message: its file name and bytes (nodemailer writes base64). */
function attachmentOf(data: string): { filename: string; content: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(data)![1]!;
  const part = data.split(`--${boundary}`).find((p) => /Content-Disposition: attachment/i.test(p));
  expect(part, 'a part with an attachment').toBeDefined();
  const filename = /filename="?([^";\r\n]+)"?/.exec(part!)![1]!;
  const body = part!
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return { filename, content: Buffer.from(body, 'base64') };
}

async function rowsOf(xlsx: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const subjectOf = (data: string) => /^Subject: (.*)$/m.exec(data)?.[1];

describe('a scheduled daily summary', () => {
  let t: TestApp;
  let accountId: number;
  let manager: Record<string, string>;
  let yesterday: string;
  let drive: ReturnType<typeof parkDrivePark>;
  const chicago = new ZoneDays('America/Chicago');

  beforeAll(async () => {
    t = await start();
    const [zone] = await t.db
      .select({ id: timezones.id })
      .from(timezones)
      .where(eq(timezones.identifier, 'America/Chicago'));
    const account = await createAccount(t, { is_b2b_account: true, timezone_id: zone!.id });
    accountId = account.id;
    const truck = await createDevice(t, account, { name: 'Truck 9' });
    // Yesterday on the account's clock (the recipient has no zone of their own): 20 km at 10:00.
    yesterday = chicago.dayOf(Date.now() - 86_400_000);
    drive = parkDrivePark(truck.serial, chicago.startOfDay(yesterday) + 10 * 3_600_000, 20, 60);
    await t.ctx.pipeline.submit(drive, 'gt06');
    await t.ctx.pipeline.flush();
    const user = await createUser(t, { account, role: 'manager' });
    manager = await authHeader(t, user.email);
  });
  afterAll(() => t?.close());

  it('reaches the outbox once, across a second run of the job and a restart', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/report-schedules`,
      headers: manager,
      payload: {
        name: 'Daily distance',
        report: 'summary',
        frequency: 'daily',
        format: 'xlsx',
        emails: ['fleet-desk@example.test'],
      },
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json<{ data: { id: number } }>().data;
    // Made yesterday morning (the clock of the schedule, not the drive): yesterday is due.
    await t.db
      .update(reportSchedules)
      .set({ created_at: new Date(chicago.startOfDay(yesterday) + 60_000) })
      .where(eq(reportSchedules.id, schedule.id));

    await sweepReportSchedules(t.ctx);
    await sweepReportSchedules(t.ctx);
    await t.ctx.jobs.idle();
    const mine = () => mails.filter((m) => m.to.includes('fleet-desk@example.test'));
    expect(mine()).toHaveLength(1);
    // The send's job run once more (a retry after its process died): nothing more goes out.
    await t.ctx.jobs.enqueue('scheduled-report', {
      schedule_id: schedule.id,
      recipient: 'email:fleet-desk@example.test',
      period: yesterday,
    });
    await t.ctx.jobs.idle();
    expect(mine()).toHaveLength(1);

    // A restart on the same database: the new process's sweep finds the period sent.
    await t.close();
    t = await start();
    await sweepReportSchedules(t.ctx);
    await t.ctx.jobs.idle();
    expect(mine()).toHaveLength(1);
    // One message in the outbox for the period, sent, its file no longer kept.
    const key = scheduleSendKey({
      schedule_id: schedule.id,
      recipient: 'email:fleet-desk@example.test',
      period: yesterday,
    });
    const outbox = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'scheduled-report'));
    expect(outbox.filter((m) => m.to === 'fleet-desk@example.test')).toEqual([
      expect.objectContaining({ key, status: 'sent', attempts: 1, attachments: null }),
    ]);

    const mail = mine()[0]!;
    expect(subjectOf(mail.data)).toBe(`Daily distance: Summary, ${yesterday}`);
    const file = attachmentOf(mail.data);
    expect(file.filename).toBe(`summary-${yesterday}-${yesterday}.xlsx`);
    const [header, row, totals] = await rowsOf(file.content);
    expect(header).toEqual([
      'tracker',
      'period_start',
      'distance_mi',
      'driving_min',
      'idle_min',
      'trips',
      'stops',
      'max_speed_mph',
      'first_fix (America/Chicago)',
      'last_fix (America/Chicago)',
    ]);
    // The drive's distance as the great-circle sum of its fixes, in miles, within 2 %.
    const miles = greatCircle(drive.slice(29, 71)) / 1609.344;
    expect(row![0]).toBe('Truck 9');
    expect(row![1]).toBe(yesterday);
    expect(Math.abs((row![2] as number) - miles) / miles).toBeLessThan(0.02);
    expect(row![5]).toBe(1);
    // 60 km/h is 37.3 mph.
    expect(row![7]).toBeCloseTo(37.3, 0);
    expect(totals![0]).toBe('Total');
    expect(totals![2]).toBe(row![2]);
  });

  it('sends the periods missed while no process ran, late, each once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/report-schedules`,
      headers: manager,
      payload: {
        name: 'Catch-up',
        report: 'trips',
        frequency: 'daily',
        format: 'pdf',
        emails: ['late@example.test'],
      },
    });
    const schedule = created.json<{ data: { id: number } }>().data;
    // Made three days ago; nothing ran since: three whole days have ended on the account's clock.
    const made = chicago.startOfDay(chicago.dayOf(Date.now() - 3 * 86_400_000)) + 60_000;
    await t.db
      .update(reportSchedules)
      .set({ created_at: new Date(made) })
      .where(eq(reportSchedules.id, schedule.id));
    await sweepReportSchedules(t.ctx);
    await t.ctx.jobs.idle();
    await sweepReportSchedules(t.ctx);
    await t.ctx.jobs.idle();
    const late = mails.filter((m) => m.to.includes('late@example.test'));
    const days = [3, 2, 1].map((n) => chicago.dayOf(Date.now() - n * 86_400_000));
    expect(late.map((m) => subjectOf(m.data)).sort()).toEqual(
      days.map((day) => `Catch-up: Trips, ${day}`),
    );
    expect(attachmentOf(late[0]!.data).filename).toMatch(/^trips-.+\.pdf$/);
  });

  it('retries a refused address alone; the send run again after a kill mails nobody twice', async () => {
    refused.add('closed@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/report-schedules`,
      headers: manager,
      payload: {
        name: 'Two desks',
        report: 'summary',
        frequency: 'daily',
        format: 'xlsx',
        emails: ['open@example.test', 'closed@example.test'],
      },
    });
    const schedule = created.json<{ data: { id: number } }>().data;
    await t.db
      .update(reportSchedules)
      .set({ created_at: new Date(chicago.startOfDay(yesterday) + 60_000) })
      .where(eq(reportSchedules.id, schedule.id));
    await sweepReportSchedules(t.ctx);
    await t.ctx.jobs.idle();
    const to = (address: string) => mails.filter((m) => m.to.includes(address));
    expect(to('open@example.test')).toHaveLength(1);
    expect(to('closed@example.test')).toHaveLength(0);
    const closedKey = scheduleSendKey({
      schedule_id: schedule.id,
      recipient: 'email:closed@example.test',
      period: yesterday,
    });
    const [waiting] = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.key, closedKey));
    expect(waiting).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(waiting!.last_error).toMatch(/550/);

    // Killed after handing both over and before marking the sends: both jobs run again.
    await t.db
      .update(reportScheduleSends)
      .set({ status: 'sending' })
      .where(eq(reportScheduleSends.schedule_id, schedule.id));
    for (const recipient of ['email:open@example.test', 'email:closed@example.test']) {
      await sendScheduledReport(t.ctx, {
        id: 'again',
        name: 'scheduled-report',
        data: { schedule_id: schedule.id, recipient, period: yesterday },
      });
    }
    refused.delete('closed@example.test');
    await backOffElapses(t);
    expect(to('open@example.test')).toHaveLength(1);
    expect(to('closed@example.test')).toHaveLength(1);
    expect(subjectOf(to('closed@example.test')[0]!.data)).toBe(`Two desks: Summary, ${yesterday}`);
    expect(attachmentOf(to('closed@example.test')[0]!.data).filename).toMatch(/\.xlsx$/);
  });
});
