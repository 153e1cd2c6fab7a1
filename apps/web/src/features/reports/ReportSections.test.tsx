import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiPosition, ReportEvent } from '@waymark/domain';
import { ReportAddresses, ReportAlerts, ReportInfo, ReportSummaryFigures } from './ReportSections';
import type { ReportDownloads } from './useReportDownload';

afterEach(cleanup);

const downloads: ReportDownloads = {
  running: null,
  download: () => undefined,
};

const position = (address: string | null): ApiPosition => ({
  device_id: 1,
  location: [-97, 35],
  lat: 35,
  lng: -97,
  timestamp: '2026-11-28T12:00:00.000Z',
  fix: 'gps',
  speed: 0,
  course: null,
  altitude: null,
  accuracy: 5,
  battery: null,
  temperature: null,
  humidity: null,
  odometer: null,
  address,
  is_inside_geofences: false,
});

const event: ReportEvent = {
  id: 3,
  created_at: '2026-11-28T13:00:00.000Z',
  description: 'Truck 07 left Depot',
  event_type: 'geofence-exit',
  lat: null,
  lng: null,
  address: null,
};

const inMantine = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('the report sections', () => {
  it('names each section and says when the range has no addresses or alerts', () => {
    inMantine(
      <>
        <ReportInfo
          tracker="Truck 07"
          startAt="2026-11-28T00:00:00Z"
          endAt="2026-11-28T23:59:59Z"
        />
        <ReportAddresses positions={[position(null)]} downloads={downloads} />
        <ReportAlerts events={[]} downloads={downloads} />
      </>,
    );
    const info = screen.getByRole('region', { name: 'Report Info' });
    expect(within(info).getByText('Sat, Nov 28th, 2026 12:00am')).toBeTruthy();
    expect(within(info).getByText('Sat, Nov 28th, 2026 11:59pm')).toBeTruthy();
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getByText('No addresses for this date range')).toBeTruthy();
    expect(within(addresses).getByRole('button', { name: 'Download spreadsheet' })).toBeTruthy();
    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('No alerts for this date range')).toBeTruthy();
  });

  it('lists addresses, alerts and the summary figures', () => {
    inMantine(
      <>
        <ReportAddresses positions={[position('1 Main St')]} downloads={downloads} />
        <ReportAlerts events={[event]} downloads={downloads} />
        <ReportSummaryFigures
          summary={{
            distance_miles: 12,
            moving_seconds: 3_600,
            stopped_seconds: 600,
            stops: 2,
            max_mph: 55,
            avg_mph: 12,
          }}
        />
      </>,
    );
    expect(screen.getByRole('table', { name: 'Addresses' }).textContent).toContain('1 Main St');
    const alerts = screen.getByRole('table', { name: 'Alerts' });
    expect(alerts.textContent).toContain('Truck 07 left Depot');
    expect(alerts.textContent).toContain('geofence-exit');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).toContain('12 mi');
    expect(summary.textContent).toContain('1h 00m');
    expect(summary.textContent).toContain('55 mph');
  });
});
