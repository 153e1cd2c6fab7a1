import { describe, expect, it } from 'vitest';
import { publicReportSchema, reportDetailsSchema, reportSchema } from './report.schema';

const report = {
  id: 4,
  uuid: '6f1c6b5e-4b1a-4a43-9a3b-0d3f1b7c2a11',
  is_public: true,
  start_at: '2026-11-28T00:00:00.000Z',
  end_at: '2026-11-28T23:59:59.999Z',
  created_at: '2026-11-29T04:00:00.000Z',
  include_positions: true,
  include_sensors: true,
  include_alerts: true,
  include_geofence_name: true,
  device: { id: 7, name: 'Truck 07', account_id: 1 },
};
const snapshot = {
  positions: [],
  stops: [
    {
      start_time: '2026-11-28T10:00:00.000Z',
      end_time: '2026-11-28T10:20:00.000Z',
      radius: 0.1,
      location: [-97, 35],
      address: null,
    },
  ],
  events: [
    {
      id: 1,
      created_at: '2026-11-28T11:00:00.000Z',
      description: 'Left Depot',
      event_type: 'geofence-exit',
      lat: null,
      lng: null,
      address: null,
    },
  ],
  summary: {
    distance_miles: 12.3,
    moving_seconds: 5_400,
    stopped_seconds: 1_200,
    stops: 1,
    max_mph: 48,
    avg_mph: 8.2,
  },
};

describe('the report schemas (the contract of issue 20)', () => {
  it('read a listed report and its details', () => {
    expect(reportSchema.parse(report)).toEqual(report);
    expect(reportDetailsSchema.parse({ ...report, ...snapshot }).summary.stops).toBe(1);
  });

  it('read the public report: uuid, range, tracker name and the snapshot', () => {
    const body = {
      uuid: report.uuid,
      start_at: report.start_at,
      end_at: report.end_at,
      device: { name: 'Truck 07' },
      ...snapshot,
    };
    expect(publicReportSchema.parse(body)).toEqual(body);
    expect(publicReportSchema.safeParse({ ...body, summary: undefined }).success).toBe(false);
  });
});
