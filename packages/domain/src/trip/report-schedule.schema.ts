import { z } from 'zod';
import { idListSchema, textSchema } from '../common/fields.schema';

/**
 * Scheduled fleet reports (issue 36 §3): a report of some trackers or groups mailed as a file
 * after every day, week or month, to users of the account or to addresses, over the period as
 * each recipient's clock has it (API under /api/accounts/{id}/report-schedules).
 */
export const REPORT_SCHEDULE_MESSAGES = {
  name: 'Give the schedule a name',
  report: 'report must be trips, stops or summary',
  frequency: 'frequency must be daily, weekly or monthly',
  format: 'format must be xlsx or pdf',
  recipients: 'Choose at least one user or e-mail address to mail the report to',
  email: 'Each address must be an e-mail address like name@example.com',
  unknownUser: 'Each user must be a member of this account',
  unknownTracker: 'Each tracker must be one of the trackers you see in this account',
  unknownGroup: 'Each group must be one of the groups of this account',
  accessDenied: 'Access denied',
} as const;
const m = REPORT_SCHEDULE_MESSAGES;

export const REPORT_SCHEDULE_KINDS = ['trips', 'stops', 'summary'] as const;
export type ReportScheduleKind = (typeof REPORT_SCHEDULE_KINDS)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_SCHEDULE_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportScheduleFormat = (typeof REPORT_SCHEDULE_FORMATS)[number];

/** The most recipients, trackers or groups one schedule names. */
export const REPORT_SCHEDULE_MAX_ITEMS = 50;

const email = textSchema({ max: 255, error: m.email }).refine(
  (v) => z.email().safeParse(v).success,
  m.email,
);

export const reportScheduleCreateSchema = z
  .object({
    name: textSchema({ max: 100, error: m.name }).min(1, m.name),
    report: z.enum(REPORT_SCHEDULE_KINDS, { error: m.report }),
    frequency: z.enum(REPORT_FREQUENCIES, { error: m.frequency }),
    format: z.enum(REPORT_SCHEDULE_FORMATS, { error: m.format }),
    /** No trackers and no groups: every tracker the report's reader sees. */
    device_ids: idListSchema.max(REPORT_SCHEDULE_MAX_ITEMS).default([]),
    group_ids: idListSchema.max(REPORT_SCHEDULE_MAX_ITEMS).default([]),
    user_ids: idListSchema.max(REPORT_SCHEDULE_MAX_ITEMS).default([]),
    emails: z.array(email, { error: m.email }).max(REPORT_SCHEDULE_MAX_ITEMS).default([]),
  })
  .refine((s) => s.user_ids.length + s.emails.length > 0, {
    message: m.recipients,
    path: ['user_ids'],
  });
export type ReportScheduleCreate = z.infer<typeof reportScheduleCreateSchema>;

/**
 * An edit (PUT .../report-schedules/{id}) sends the whole schedule again, checked as a new
 * one is: what it reports, how often, as which file, to whom.
 */
export const reportScheduleUpdateSchema = reportScheduleCreateSchema;
export type ReportScheduleUpdate = ReportScheduleCreate;

/** A user of the account a schedule can mail (GET .../report-schedules/recipients). */
export const reportScheduleRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type ApiReportScheduleRecipient = z.infer<typeof reportScheduleRecipientSchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  report: z.enum(REPORT_SCHEDULE_KINDS),
  frequency: z.enum(REPORT_FREQUENCIES),
  format: z.enum(REPORT_SCHEDULE_FORMATS),
  device_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  emails: z.array(z.string()),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  /** When it was last edited; null if never. */
  edited_at: z.string().nullable(),
  /** When a period's report was last mailed to anyone; null before the first. */
  last_sent_at: z.string().nullable(),
});
export type ApiReportSchedule = z.infer<typeof reportScheduleSchema>;
