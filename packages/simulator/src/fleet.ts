/** Which protocol each virtual tracker speaks and what serial it reports. Pure. */

export const PROTOCOLS = ['osmand', 'gt06', 'teltonika'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export type Mix = Record<Protocol, number>;

export interface DeviceSpec {
  serial: string;
  protocol: Protocol;
}

/** IMEIs are 15 digits; the prefix keeps simulated fleets apart from each other and real ones. */
const IMEI_DIGITS = 15;

/** `prefix` + zero-padded index, 15 digits: the same index always gets the same serial. */
export function serialFor(prefix: string, index: number): string {
  if (!/^\d{0,14}$/.test(prefix)) {
    throw new Error(`Serial prefix must be 0 to 14 digits, got ${JSON.stringify(prefix)}`);
  }
  const digits = IMEI_DIGITS - prefix.length;
  const number = String(index);
  if (!Number.isInteger(index) || index < 0 || number.length > digits) {
    throw new Error(
      `Device index ${index} does not fit in ${digits} digits after prefix "${prefix}": use a shorter prefix`,
    );
  }
  return prefix + number.padStart(digits, '0');
}

/** `--mix 2:1:1` (osmand:gt06:teltonika) into weights; missing parts are 0. */
export function parseMix(text: string): Mix {
  const parts = text.split(':').map((part) => Number(part));
  if (parts.length > 3 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(
      `--mix must be up to three non-negative weights osmand:gt06:teltonika, got ${JSON.stringify(text)}`,
    );
  }
  const [osmand = 0, gt06 = 0, teltonika = 0] = parts;
  if (osmand + gt06 + teltonika === 0) throw new Error('--mix needs at least one positive weight');
  return { osmand, gt06, teltonika };
}

/**
 * Protocol of each device index by smooth weighted round-robin: every prefix of the fleet has
 * the mix's proportions (rounded), so 10 devices of 1:1:1 are not 10 OsmAnd then nothing else.
 */
export function allocateProtocols(count: number, mix: Mix): Protocol[] {
  const total = PROTOCOLS.reduce((sum, p) => sum + mix[p], 0);
  if (total <= 0) throw new Error('Protocol mix needs at least one positive weight');
  const credit: Mix = { osmand: 0, gt06: 0, teltonika: 0 };
  const result: Protocol[] = [];
  for (let i = 0; i < count; i++) {
    let best: Protocol = PROTOCOLS[0];
    for (const p of PROTOCOLS) {
      credit[p] += mix[p];
      if (credit[p] > credit[best]) best = p;
    }
    credit[best] -= total;
    result.push(best);
  }
  return result;
}

/** The fleet the CLI simulates when the caller does not pass its own devices. */
export function buildFleet(count: number, prefix: string, mix: Mix): DeviceSpec[] {
  return allocateProtocols(count, mix).map((protocol, i) => ({
    serial: serialFor(prefix, i + 1),
    protocol,
  }));
}
