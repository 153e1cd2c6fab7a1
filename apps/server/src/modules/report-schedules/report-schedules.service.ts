import {
  REPORT_SCHEDULE_MESSAGES as m,
  type ReportScheduleCreate,
  type ReportScheduleUpdate,
} from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import { visibleAmong } from '../../access/device-visibility';
import type { AppContext } from '../../app-context';
import { invalidField } from '../../errors/domain-error';
import { claimDuePeriods } from './report-schedules.jobs';
import { presentSchedule } from './report-schedules.present';
import {
  accountRecipients,
  deleteSchedule,
  groupsAmong,
  insertSchedule,
  membersAmong,
  scheduleRows,
  skipRemovedRecipients,
  updateSchedule,
} from './report-schedules.queries';

/** Schedules are read and changed by those who manage reports (403 'Access denied'). */
function authorizeSchedules(actor: Actor) {
  authorize(actor, 'manage', 'Reports', m.accessDenied);
}

const unique = (ids: number[]) => [...new Set(ids)];
const missing = (asked: number[], found: number[]) => asked.some((id) => !found.includes(id));

export async function schedulesOf(ctx: AppContext, actor: Actor) {
  authorizeSchedules(actor);
  const rows = await scheduleRows(ctx.database.db, actor.accountId);
  return rows.map(presentSchedule);
}

/** The users of the account a schedule can mail, for those who manage reports. */
export async function scheduleRecipientsOf(ctx: AppContext, actor: Actor) {
  authorizeSchedules(actor);
  return accountRecipients(ctx.database.db, actor.accountId);
}

/**
 * What a schedule holds, checked: its trackers must be ones the actor sees, its groups and
 * users the account's (422 naming the field otherwise); addresses lower-cased, once each.
 */
async function checkedSchedule(ctx: AppContext, actor: Actor, body: ReportScheduleCreate) {
  const { db } = ctx.database;
  const deviceIds = unique(body.device_ids);
  const groupIds = unique(body.group_ids);
  const userIds = unique(body.user_ids);
  if (missing(deviceIds, await visibleAmong(db, actor.devices, deviceIds)))
    throw invalidField('device_ids', m.unknownTracker);
  if (missing(groupIds, await groupsAmong(db, actor.accountId, groupIds)))
    throw invalidField('group_ids', m.unknownGroup);
  if (missing(userIds, await membersAmong(db, actor.accountId, userIds)))
    throw invalidField('user_ids', m.unknownUser);
  return {
    name: body.name,
    report: body.report,
    frequency: body.frequency,
    format: body.format,
    device_ids: deviceIds,
    group_ids: groupIds,
    user_ids: userIds,
    emails: [...new Set(body.emails.map((e) => e.toLowerCase()))],
  };
}

/** A new schedule, checked as `checkedSchedule` says. It reports on periods that end from now on. */
export async function createSchedule(ctx: AppContext, actor: Actor, body: ReportScheduleCreate) {
  authorizeSchedules(actor);
  const { db } = ctx.database;
  const values = await checkedSchedule(ctx, actor, body);
  const id = await insertSchedule(db, {
    ...values,
    account_id: actor.accountId,
    created_by: actor.user.id,
  });
  const [row] = await scheduleRows(db, actor.accountId, id);
  return presentSchedule(found(row));
}

/**
 * An edit, checked as a new schedule is; another account's is 404. The periods that ended
 * before it are claimed first, as the schedule was, and go out as it is now; after it, each
 * recipient's periods count from the edit (an added one gets no earlier period), and a new
 * frequency from its first period that begins after the edit. A recipient taken off gets
 * nothing more.
 */
export async function editSchedule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ReportScheduleUpdate,
  now = new Date(),
) {
  authorizeSchedules(actor);
  const { db } = ctx.database;
  const before = found((await scheduleRows(db, actor.accountId, id))[0]);
  const values = await checkedSchedule(ctx, actor, body);
  await claimDuePeriods(ctx, now, id);
  await updateSchedule(db, actor.accountId, id, {
    ...values,
    edited_at: now,
    frequency_from: values.frequency === before.frequency ? before.frequency_from : now,
  });
  await skipRemovedRecipients(db, id, [
    ...values.user_ids.map((u) => `user:${u}`),
    ...values.emails.map((e) => `email:${e}`),
  ]);
  const [row] = await scheduleRows(db, actor.accountId, id);
  return presentSchedule(found(row));
}

/** Deletes a schedule; another account's is 404. Periods not yet sent are not sent. */
export async function removeSchedule(ctx: AppContext, actor: Actor, id: number) {
  authorizeSchedules(actor);
  const { db } = ctx.database;
  found((await scheduleRows(db, actor.accountId, id))[0]);
  await deleteSchedule(db, actor.accountId, id);
}
