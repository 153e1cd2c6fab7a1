import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fixtureReport } from './report-files.fixture';
import { reportSheet } from './report-sheets';

// US Central summer: the viewer's clock is 5 hours behind UTC.
const CENTRAL = -300;

async function readXlsx(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('positions', () => {
  it('writes an XLSX with the headers and one row per position, times in the viewer’s clock', async () => {
    const report = fixtureReport({ positions: 50, stops: 1 });
    const { name, rows } = await readXlsx(
      await buffer(reportSheet(report, 'positions', 'xlsx', CENTRAL)),
    );
    expect(name).toBe('Positions');
    expect(rows[0]).toEqual([
      'time',
      'latitude',
      'longitude',
      'address',
      'speed_mph',
      'battery_percent',
      'temperature_f',
      'humidity_percent',
    ]);
    expect(rows).toHaveLength(51);
    const first = report.positions[0]!;
    const [time, lat, lng, address, speed, battery, temperature, humidity] = rows[1]!;
    // 14:00 UTC is 09:00 in Dallas; the cell holds that wall-clock time.
    expect((time as Date).toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect([lat, lng, address]).toEqual([first.lat, first.lng, first.address]);
    expect([speed, battery, temperature, humidity]).toEqual([30, 100, 70.7, 40]);
  });

  it('leaves out the sensor columns when the report does not include sensors', async () => {
    const report = fixtureReport({ positions: 3, includeSensors: false });
    const { rows } = await readXlsx(await buffer(reportSheet(report, 'positions', 'xlsx', 0)));
    expect(rows[0]).toHaveLength(6);
  });

  it('writes the same rows as CSV', async () => {
    const report = fixtureReport({ positions: 3 });
    const csv = (await buffer(reportSheet(report, 'positions', 'csv', CENTRAL))).toString();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,latitude,longitude,address,speed_mph,battery_percent,temperature_f,humidity_percent',
    );
    expect(lines).toHaveLength(4);
    const p = report.positions[1]!;
    expect(lines[2]).toBe(
      `2026-03-02 09:00:30,${p.lat},${p.lng},"${p.address}",30,${p.battery},70.7,40`,
    );
  });
});

describe('events', () => {
  it('writes the alerts with time, description, type and address as XLSX and CSV', async () => {
    const report = fixtureReport({ positions: 20, events: 2 });
    const { name, rows } = await readXlsx(await buffer(reportSheet(report, 'events', 'xlsx', 0)));
    expect(name).toBe('Alerts');
    expect(rows[0]).toEqual(['time', 'description', 'event_type', 'address']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(
      report.events.map((e) => [e.description, e.event_type, e.address]),
    );
    const csv = (await buffer(reportSheet(report, 'events', 'csv', 60))).toString();
    expect(csv.split('\r\n')[1]).toBe(
      `2026-03-02 15:00:00,Battery below 20%,low_battery,"${report.events[0]!.address}"`,
    );
  });

  it('writes only the headers when the range had no alerts', async () => {
    const report = fixtureReport({ positions: 5 });
    const csv = (await buffer(reportSheet(report, 'events', 'csv', 0))).toString();
    expect(csv).toBe('time,description,event_type,address\r\n');
  });
});
