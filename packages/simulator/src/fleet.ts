/** Which protocol each virtual tracker speaks and what serial it reports. Pure. */

export const PROTOCOLS = [
  'osmand',
  'gt06',
  'teltonika',
  'h02',
  'gps103',
  'watch',
  'queclink',
  'meitrack',
  'jt808',
  'wialon',
  'suntech',
  'istartek',
  'teltonikaUdp',
  'ruptela',
  'wialonUdp',
  'topflytech',
  'navtelecom',
  'galileosky',
  'jt600',
] as const;
export type Protocol = (typeof PROTOCOLS)[number];
/** Weights of the first three; the later families default to 0 (the demo's mix leaves them out). */
export type Mix = Record<'osmand' | 'gt06' | 'teltonika', number> &
  Partial<Record<Protocol, number>>;

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

/** `--mix 2:1:1` (in PROTOCOLS order: osmand:gt06:teltonika, then the text families) into weights; missing parts are 0. */
export function parseMix(text: string): Mix {
  const parts = text.split(':').map((part) => Number(part));
  if (parts.length > PROTOCOLS.length || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(
      `--mix must be up to ${PROTOCOLS.length} non-negative weights ${PROTOCOLS.join(':')}, got ${JSON.stringify(text)}`,
    );
  }
  const [osmand = 0, gt06 = 0, teltonika = 0] = parts;
  const mix: Mix = { osmand, gt06, teltonika };
  // Later families only when given, so a three-part mix reads as it always has.
  PROTOCOLS.slice(3).forEach((p, i) => {
    const weight = parts[3 + i];
    if (weight !== undefined) mix[p] = weight;
  });
  if (parts.every((n) => n === 0)) throw new Error('--mix needs at least one positive weight');
  return mix;
}

/**
 * Protocol of each device index by smooth weighted round-robin: every prefix of the fleet has
 * the mix's proportions (rounded), so 10 devices of 1:1:1 are not 10 OsmAnd then nothing else.
 */
export function allocateProtocols(count: number, mix: Mix): Protocol[] {
  const weight = (p: Protocol) => mix[p] ?? 0;
  const total = PROTOCOLS.reduce((sum, p) => sum + weight(p), 0);
  if (total <= 0) throw new Error('Protocol mix needs at least one positive weight');
  const credit = Object.fromEntries(PROTOCOLS.map((p) => [p, 0])) as Record<Protocol, number>;
  const result: Protocol[] = [];
  for (let i = 0; i < count; i++) {
    let best: Protocol = PROTOCOLS[0];
    for (const p of PROTOCOLS) {
      credit[p] += weight(p);
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
