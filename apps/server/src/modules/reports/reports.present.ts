import type {
  ApiPublicReport,
  ApiReport,
  ApiReportDetails,
  ReportEvent,
  Stop,
} from '@waymark/domain';
import { presentStop } from '../positions/positions.present';
import type { RangeEventRow, ReportRow, SnapshotRow } from './reports.queries';
import { decodePositions, positionsText } from './reports.snapshot';

/** A report as lists, create and update answer it (with include=device). */
export function presentReport(row: ReportRow): ApiReport {
  return {
    id: row.id,
    uuid: row.uuid,
    is_public: row.is_public,
    start_at: row.start_at.toISOString(),
    end_at: row.end_at.toISOString(),
    created_at: row.created_at.toISOString(),
    include_positions: row.include_positions,
    include_sensors: row.include_sensors,
    include_alerts: row.include_alerts,
    include_geofence_name: row.include_geofence_name,
    device: { id: row.device_id, name: row.device_name, account_id: row.account_id },
  };
}

/** The parts of the snapshot every reader gets, positions unpacked. */
async function presentSnapshot(row: Pick<ReportRow, 'device_id'>, snapshot: SnapshotRow) {
  return {
    positions: await decodePositions(snapshot.positions, row.device_id),
    stops: snapshot.stops,
    events: snapshot.events,
    summary: snapshot.summary,
  };
}

export async function presentReportDetails(
  row: ReportRow,
  snapshot: SnapshotRow,
): Promise<ApiReportDetails> {
  return { ...presentReport(row), ...(await presentSnapshot(row, snapshot)) };
}

/**
 * A report call's body `{ data }` as JSON text, the positions as objects (the default) or in
 * `format=rows`, which is their kept text sent on as it is: at 86,400 positions, unpacking,
 * presenting and serialising them again was most of the call (bench:reports).
 */
export async function reportBody(
  head: object,
  snapshot: SnapshotRow,
  deviceId: number,
  format: 'objects' | 'rows',
): Promise<string> {
  if (format === 'objects') {
    const data = { ...head, ...(await presentSnapshot({ device_id: deviceId }, snapshot)) };
    return JSON.stringify({ data });
  }
  const { stops, events, summary } = snapshot;
  const rest = JSON.stringify({ ...head, stops, events, summary });
  return `{"data":${rest.slice(0, -1)},"positions":${await positionsText(snapshot.positions)}}}`;
}

/** Only what the public page shows: the range, the tracker's name and the snapshot. */
export const publicHead = (row: ReportRow) => ({
  uuid: row.uuid,
  start_at: row.start_at.toISOString(),
  end_at: row.end_at.toISOString(),
  device: { name: row.device_name },
});

export async function presentPublicReport(row: ReportRow & SnapshotRow): Promise<ApiPublicReport> {
  return { ...publicHead(row), ...(await presentSnapshot(row, row)) };
}

/** An alert as the report keeps it, with the address of where it happened. */
export function presentReportEvent(row: RangeEventRow, address: string | null): ReportEvent {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    description: row.description,
    event_type: row.event_type,
    lat: row.lat,
    lng: row.lng,
    address,
  };
}

export const presentReportStop = (stop: Stop, address: string | null) => presentStop(stop, address);
