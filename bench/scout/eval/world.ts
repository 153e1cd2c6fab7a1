import {
  decodeDeviceRows,
  type ApiSummaryRow,
  type DeviceListItem,
  type RowsEnvelope,
} from '@waymark/domain';
import { localDay, zonedDayStart } from './days';

/**
 * The demo account as the API shows it to the asking user: what every expected answer is
 * computed from, at run time. Nothing here reads Scout's code or the database; every figure is
 * an API call, and distances are measured again from the positions (haversine) rather than
 * taken from the trips tables Scout reads.
 */
export interface Group {
  id: number;
  name: string;
  device_ids: number[];
}
export interface Geofence {
  id: number;
  name: string;
  lat: number;
  lng: number;
  radius: number;
}
export interface Shipment {
  id: number;
  name: string;
  status: string;
  end_at: string;
  estimated_end_at: string | null;
  ended_at: string | null;
  device_id: number;
}
interface Fix {
  lat: number;
  lng: number;
  timestamp: string;
  fix: string;
  speed: number | null;
}

/** GET of an API path, answering the whole body (`{ data, meta? }`). */
export type Api = <T>(
  path: string,
  init?: RequestInit,
) => Promise<{ data: T; meta?: { total?: number } }>;

const EARTH_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle metres, written here again so the check does not share the server's code. */
export function haversine(lat1: number, lng1: number, lat2: number, lng2: number) {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export class World {
  private readonly history = new Map<string, Fix[]>();
  private staticParts?: Promise<{ groups: Group[]; geofences: Geofence[] }>;

  constructor(
    readonly api: Api,
    readonly accountId: number,
    readonly zone: string,
  ) {}

  /** The trackers list as the trackers screen loads it, with current positions. */
  async devices(): Promise<DeviceListItem[]> {
    return decodeDeviceRows(
      await this.data<RowsEnvelope>(
        `/accounts/${this.accountId}/device-list?with_current_position=1&format=rows`,
      ),
    );
  }

  async data<T>(path: string, init?: RequestInit) {
    return (await this.api<T>(path, init)).data;
  }

  async device(name: string) {
    const found = (await this.devices()).find((d) => d.name === name);
    if (!found) throw new Error(`the demo has no tracker named ${name}`);
    return found;
  }

  private parts() {
    this.staticParts ??= (async () => ({
      groups: await this.data<Group[]>(`/accounts/${this.accountId}/groups?exclude_devices=1`),
      geofences: await this.data<Geofence[]>(`/accounts/${this.accountId}/geofences?per_page=500`),
    }))();
    return this.staticParts;
  }

  async groups() {
    return (await this.parts()).groups;
  }

  async group(name: string) {
    const found = (await this.groups()).find((g) => g.name === name);
    if (!found) throw new Error(`the demo has no group named ${name}`);
    return found;
  }

  async geofences() {
    return (await this.parts()).geofences;
  }

  async geofence(name: string) {
    const found = (await this.geofences()).find((g) => g.name === name);
    if (!found) throw new Error(`the demo has no geofence named ${name}`);
    return found;
  }

  /** The General tab's shipments (every status but archived). */
  async shipments(): Promise<Shipment[]> {
    return this.data<Shipment[]>(`/accounts/${this.accountId}/shipments`);
  }

  /** Local day `offset` days from today in the account's zone, `YYYY-MM-DD`. */
  day(offset: number, now = new Date()) {
    return localDay(now, this.zone, offset);
  }

  /** Daily summary rows of the range's local days (both included). */
  async summary(from: string, to: string, deviceIds?: number[]): Promise<ApiSummaryRow[]> {
    const ids = deviceIds ? `&device_ids=${deviceIds.join(',')}` : '';
    return this.data<ApiSummaryRow[]>(
      `/accounts/${this.accountId}/summary?date_from=${from}&date_to=${to}&per_page=500${ids}`,
    );
  }

  /** Trips or stops of one tracker in the range's local days: how many the API lists. */
  async countOf(kind: 'trips' | 'stops', deviceId: number, from: string, to: string) {
    const response = await this.api<unknown[]>(
      `/accounts/${this.accountId}/${kind}?device_ids=${deviceId}&date_from=${from}&date_to=${to}&per_page=1`,
    );
    return response.meta?.total ?? 0;
  }

  /** The accepted fixes of a tracker between two instants (cached: the past does not change). */
  async fixes(deviceId: number, from: Date, to: Date): Promise<Fix[]> {
    const key = `${deviceId}:${+from}:${+to}`;
    const cached = this.history.get(key);
    if (cached) return cached;
    const fixes = await this.data<Fix[]>(
      `/accounts/${this.accountId}/devices/${deviceId}/positions?date_from=${from.toISOString()}&date_to=${to.toISOString()}`,
    );
    if (+to < Date.now() - 60_000) this.history.set(key, fixes);
    return fixes;
  }

  /**
   * Metres a tracker covered over local days `from`..`to`: haversine between consecutive
   * accepted fixes, cell fixes left out (they move no odometer: tens of km off).
   */
  async distance(deviceId: number, from: string, to: string) {
    const start = zonedDayStart(from, this.zone);
    const end = new Date(Math.min(Date.now(), +zonedDayStart(to, this.zone, 1)));
    const fixes = (await this.fixes(deviceId, start, end)).filter((f) => f.fix !== 'cell');
    let metres = 0;
    for (let i = 1; i < fixes.length; i++) {
      const a = fixes[i - 1]!;
      const b = fixes[i]!;
      metres += haversine(a.lat, a.lng, b.lat, b.lng);
    }
    return metres;
  }
}
