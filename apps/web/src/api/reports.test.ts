import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import { prefetchReports, reportExportRequest, reportFileName, utcOffsetMinutes } from './reports';

describe('report exports (the contract of issue 20)', () => {
  it('asks the signed-in route for the PDF by default and spreadsheets by type and format', () => {
    expect(reportExportRequest({ id: 9 }, 'pdf', 'xlsx', 60)).toEqual({
      path: '/reports/9/export',
      query: { offset: 60 },
    });
    expect(reportExportRequest({ id: 9 }, 'positions', 'xlsx', -300)).toEqual({
      path: '/reports/9/export',
      query: { type: 'positions', format: 'xlsx', offset: -300 },
    });
    expect(reportExportRequest({ id: 9 }, 'events', 'csv', 0).query).toEqual({
      type: 'events',
      format: 'csv',
      offset: 0,
    });
  });

  it('puts the type in the public route’s path', () => {
    expect(reportExportRequest({ uuid: 'a b' }, 'pdf', 'xlsx', 0)).toEqual({
      path: '/public-reports/a%20b/export/pdf',
      query: { offset: 0 },
    });
    expect(reportExportRequest({ uuid: 'u1' }, 'events', 'xlsx', 120)).toEqual({
      path: '/public-reports/u1/export/events',
      query: { format: 'xlsx', offset: 120 },
    });
  });

  it('sends the offset as minutes east of UTC', () => {
    const date = new Date();
    expect(utcOffsetMinutes(date)).toBe(-date.getTimezoneOffset() || 0);
    expect(Object.is(utcOffsetMinutes({ getTimezoneOffset: () => 0 } as Date), 0)).toBe(true);
  });

  it('names the files when the server does not', () => {
    expect(reportFileName('pdf')).toBe('report.pdf');
    expect(reportFileName('positions', 'xlsx')).toBe('report-addresses.xlsx');
    expect(reportFileName('events', 'csv')).toBe('report-alerts.csv');
  });
});

describe('prefetchReports', () => {
  const requested: string[] = [];
  afterEach(() => {
    requested.length = 0;
  });

  it('asks for the list when the app opens on /reports, and nothing elsewhere', async () => {
    configureClient({
      hooks: {
        onUnauthorized: () => undefined,
        onForbidden: () => requested.push('forbidden hook'),
        onNotFound: () => undefined,
        onServerError: () => undefined,
      },
      bearer: () => 'tok',
      fetch: ((input: RequestInfo | URL) => {
        requested.push(String(input));
        return Promise.resolve(new Response(JSON.stringify({ message: 'no' }), { status: 403 }));
      }) as typeof fetch,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchReports(client, '/reports', 7);
    prefetchReports(client, '/reports/12', 7);
    prefetchReports(client, '/reports/view/abc', 7);
    prefetchReports(client, '/reports', null);
    await vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    expect(requested).toEqual(['/api/accounts/7/reports?include=device']);
  });
});
