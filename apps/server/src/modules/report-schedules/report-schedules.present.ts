import type { ApiReportSchedule } from '@waymark/domain';
import type { ReportScheduleRow } from './report-schedules.queries';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentSchedule(row: ReportScheduleRow): ApiReportSchedule {
  return {
    id: row.id,
    name: row.name,
    report: row.report as ApiReportSchedule['report'],
    frequency: row.frequency as ApiReportSchedule['frequency'],
    format: row.format as ApiReportSchedule['format'],
    device_ids: row.device_ids,
    group_ids: row.group_ids,
    user_ids: row.user_ids,
    emails: row.emails,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    edited_at: row.edited_at === null ? null : iso(row.edited_at),
    last_sent_at: row.last_sent_at === null ? null : iso(row.last_sent_at),
  };
}
