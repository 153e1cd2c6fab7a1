import { desc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  addEvent,
  drive,
  minutesAfter,
  report,
  reportFleet,
  trackStart,
  type ReportFleet,
} from './reports.fixture';

// A small limit, so a report of one driven hour (21 fixes) is a "big" one whose PDF is mailed.
const PDF_JOB_POSITIONS = 30;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORT_PDF_JOB_POSITIONS: String(PDF_JOB_POSITIONS) });
});
afterAll(() => t.close());

/** The fleet with Alpha's driven hour and an alert, saved as a report over that hour. */
async function savedReport(hours = 1) {
  const f = await reportFleet(t);
  const start = trackStart() - (hours - 1) * 3_600_000;
  for (let h = 0; h < hours; h++) await report(t, drive(f.alpha.serial, start + h * 3_600_000));
  await addEvent(t, f.alpha, start + 5 * 60_000, 'Alpha entered Chicago Depot');
  const saved = await f.create({
    device_id: f.alpha.id,
    start_at: minutesAfter(start, -1),
    end_at: minutesAfter(start, (hours - 1) * 60 + 50),
  });
  return { f, saved };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const publish = (f: ReportFleet, id: number, is_public: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: f.url(`/${id}`),
    headers: f.headers.admin,
    payload: { is_public },
  });

describe('GET /api/reports/{id}/export', () => {
  it('answers a reader the PDF by default, named after the tracker and the first day', async () => {
    const { f, saved } = await savedReport();
    const response = await get(`/api/reports/${saved.id}/export?offset=-300`, f.headers.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="alpha-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers the positions as XLSX and the alerts as CSV', async () => {
    const { f, saved } = await savedReport();
    const xlsx = await get(
      `/api/reports/${saved.id}/export?type=positions&format=xlsx`,
      f.headers.viewer,
    );
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + 21);

    const csv = await get(`/api/reports/${saved.id}/export?type=events`, f.headers.viewer);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="alpha-[\d-]+-events\.csv"/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Alpha entered Chicago Depot');
  });

  it('queues a PDF past the limit and answers 202; the job mails a link to the PDF', async () => {
    const { f, saved } = await savedReport(2);
    const response = await get(`/api/reports/${saved.id}/export?offset=60`, f.headers.admin);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { queued: true } });
    await t.ctx.jobs.idle();
    const admin = (await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)))[0]!;
    expect(admin.subject).toBe('Your Waymark report PDF is ready');
    const link = new URL(/(http\S+\/api\/exports\/\S+)/.exec(admin.text)![1]!);
    const download = await get(link.pathname);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /filename="report-\d{4}-\d\d-\d\d\.pdf"/,
    );
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is 404 for another account, a tracker the reader cannot see, or no report; 401 without a login', async () => {
    const { f, saved } = await savedReport();
    expect((await get(`/api/reports/${saved.id}/export`, f.headers.otherAdmin)).statusCode).toBe(
      404,
    );
    const bravo = await f.create({
      device_id: f.bravo.id,
      start_at: minutesAfter(trackStart(), -1),
      end_at: minutesAfter(trackStart(), 50),
    });
    expect((await get(`/api/reports/${bravo.id}/export`, f.headers.viewer)).statusCode).toBe(404);
    expect((await get('/api/reports/999999/export', f.headers.viewer)).statusCode).toBe(404);
    expect((await get(`/api/reports/${saved.id}/export`)).statusCode).toBe(401);
  });

  it('refuses an unknown type or format with a message naming the allowed ones', async () => {
    const { f, saved } = await savedReport();
    const response = await get(
      `/api/reports/${saved.id}/export?type=trips&format=pdf`,
      f.headers.viewer,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      format: ['format must be csv or xlsx'],
      type: ['type must be pdf, positions or events'],
    });
  });
});

describe('GET /api/public-reports/{uuid}/export/{type}', () => {
  it('answers the files of a public report without a login, and 404 once it is not', async () => {
    const { f, saved } = await savedReport(2);
    expect((await get(`/api/public-reports/${saved.uuid}/export/pdf`)).statusCode).toBe(404);
    await publish(f, saved.id, true);
    // Past the mailing limit too: nobody is signed in to mail it to.
    const pdf = await get(`/api/public-reports/${saved.uuid}/export/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const csv = await get(`/api/public-reports/${saved.uuid}/export/positions?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1 + 42);
    await publish(f, saved.id, false);
    expect((await get(`/api/public-reports/${saved.uuid}/export/events`)).statusCode).toBe(404);
  });
});
