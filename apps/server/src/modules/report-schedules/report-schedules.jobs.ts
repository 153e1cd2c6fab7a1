import {
  duePeriods,
  scheduleSince,
  type ReportFrequency,
  type ReportScheduleKind,
} from '@waymark/domain';
import { findActor, type Actor } from '../../access/actor';
import { findPrincipalUser } from '../../access/tokens.queries';
import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { queueMessages } from '../delivery';
import { CONTENT_TYPES } from '../reports/report-sheets';
import { fleetFileBuffer, fleetFileName } from '../trips/fleet-file';
import { fleetReportFile } from '../trips/trips.service';
import {
  claimSend,
  finishSend,
  insertSends,
  markQueued,
  releaseSend,
  scheduleOf,
  scheduleRecipients,
  unqueuedSends,
  type SendKey,
} from './report-schedules.queries';

type Ctx = AppContext;

/**
 * Every minute (the `report-schedules` job): each recipient's periods that have ended on
 * their clock are claimed, one row per schedule, recipient and period (a second sweep, a
 * restart or another process inserts nothing), and each new row becomes a
 * `scheduled-report` job. Periods missed while no process ran are still due, so they go late.
 * Rows a stopped process claimed but never queued are queued here too.
 */
export async function sweepReportSchedules(ctx: Ctx, now = new Date()) {
  await claimDuePeriods(ctx, now);
  for (const key of await unqueuedSends(ctx.database.db)) {
    await ctx.jobs.enqueue('scheduled-report', key);
    await markQueued(ctx.database.db, key);
  }
}

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Inserts the rows of the periods that have ended for each recipient (of one schedule, or of
 * all), counted from the schedule's clock (`scheduleSince`). An edit calls it first, so that
 * what was due under the schedule as it was is claimed before the clock moves; the sweep
 * queues those rows.
 */
export async function claimDuePeriods(ctx: Ctx, now: Date, scheduleId?: number) {
  const { db } = ctx.database;
  const recipients = await scheduleRecipients(db, scheduleId);
  const due = recipients.flatMap((r) =>
    duePeriods(
      r.frequency as ReportFrequency,
      r.zone,
      scheduleSince(
        {
          frequency: r.frequency as ReportFrequency,
          created: time(r.created_at)!,
          edited: time(r.edited_at),
          frequencyFrom: time(r.frequency_from),
        },
        r.zone,
      ),
      now.getTime(),
    ).map((p) => ({
      schedule_id: r.schedule_id,
      recipient: r.recipient,
      period: p.dayFrom,
      period_to: p.dayTo,
      zone: r.zone,
    })),
  );
  await insertSends(db, due);
}

/** The reader of a recipient's report: the user themself, or for an address its maker. */
async function readerOf(ctx: Ctx, recipient: string, accountId: number, createdBy: number | null) {
  const userId = recipient.startsWith('user:') ? Number(recipient.slice(5)) : createdBy;
  if (userId === null) return undefined;
  const user = await findPrincipalUser(ctx.database.db, userId);
  return user ? findActor(ctx.database.db, { user, imitator: null }, accountId) : undefined;
}

/** Whether the recipient is still one of the schedule's (an edit may have taken them off). */
function stillOn(schedule: { user_ids: number[]; emails: string[] }, recipient: string) {
  return recipient.startsWith('user:')
    ? schedule.user_ids.includes(Number(recipient.slice(5)))
    : schedule.emails.some((e) => e.toLowerCase() === recipient.slice(6));
}

const KIND_TITLES: Record<ReportScheduleKind, string> = {
  trips: 'Trips',
  stops: 'Stops',
  summary: 'Summary',
};

/** One period's report to one recipient: the outbox keeps one message under it. */
export const scheduleSendKey = (k: SendKey) =>
  `schedule:${k.schedule_id}:${k.period}:${k.recipient}`;

/**
 * One period's report to one recipient (the `scheduled-report` job): claimed, made as the
 * reader sees the account now, handed to the outbox with the file attached under the send's
 * key, marked sent. Run again after a kill in between, it queues the same key (dropped); the
 * outbox sends it, retries a refusal with back-off and keeps a last failure. A failure to make
 * the file gives the row back to the queue's retry. A schedule deleted, a user who left or an
 * address whose maker left gets nothing (the row is skipped).
 */
export async function sendScheduledReport(ctx: Ctx, job: QueuedJob<SendKey>) {
  const { db } = ctx.database;
  const send = await claimSend(db, job.data);
  if (!send) return;
  const schedule = await scheduleOf(db, send.schedule_id);
  const reader: Actor | undefined =
    schedule && (await readerOf(ctx, send.recipient, schedule.account_id, schedule.created_by));
  if (!schedule || !reader || !stillOn(schedule, send.recipient)) {
    const why = !schedule
      ? 'deleted'
      : !reader
        ? 'the reader left the account'
        : 'taken off the schedule';
    await finishSend(db, job.data, 'skipped', why);
    return;
  }
  try {
    const kind = schedule.report as ReportScheduleKind;
    const format = schedule.format as 'xlsx' | 'pdf';
    const file = await fleetReportFile(ctx, reader, kind, {
      device_ids: schedule.device_ids.length > 0 ? schedule.device_ids : undefined,
      group_ids: schedule.group_ids.length > 0 ? schedule.group_ids : undefined,
      date_from: send.period,
      date_to: send.period_to,
      page: 1,
      per_page: 1,
      zone: send.zone,
      period: 'day',
    });
    const to = send.recipient.startsWith('user:') ? reader.user.email : send.recipient.slice(6);
    const range =
      send.period === send.period_to ? send.period : `${send.period} – ${send.period_to}`;
    const rows = file.table.rows.length;
    await queueMessages(ctx, [
      {
        key: scheduleSendKey(send),
        kind: 'scheduled-report',
        to,
        subject: `${schedule.name}: ${KIND_TITLES[kind]}, ${range}`,
        text:
          `${schedule.name} (${schedule.frequency}) from ${reader.membership.title}: ` +
          `${KIND_TITLES[kind]} of ${range}, ${rows} row${rows === 1 ? '' : 's'}, ` +
          `times in ${send.zone}.\n\nThe ${format.toUpperCase()} file is attached.\n\n` +
          `Fleet reports: ${new URL('/reports/fleet', ctx.config.appUrl).href}\n`,
        attachments: [
          {
            filename: fleetFileName(file, format),
            contentType: CONTENT_TYPES[format],
            content: await fleetFileBuffer(file, format),
          },
        ],
      },
    ]);
  } catch (error) {
    await releaseSend(db, job.data, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await finishSend(db, job.data, 'sent');
}
