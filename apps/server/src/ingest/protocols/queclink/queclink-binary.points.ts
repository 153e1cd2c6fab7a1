import { ByteReader } from '../bytes';
import type { QueclinkFix } from './queclink.fields';
import { pointSize, readPoint } from './queclink-binary.fields';

/** "Number: 1 – 15" GPS points in one report (a GTFRI with buffered fixes carries several). */
const MAX_POINTS = 15;

/**
 * The GPS points of a +RSP/+EVT body (what lies between the unique ID and the send time), and
 * the bytes before them. What precedes the points differs by model and report type (GV200:
 * power, analog and digital inputs; GB100: battery and power; GTLBC a phone number; events
 * their own fields), so the points are found as the ASCII decoder finds its GPS block: at the
 * first offset holding a count of 1-15 followed by that many points, each with a real UTC
 * time and coordinates in range, that fit before the rest of the body. The point's size comes
 * from the mask. A body without such points (no fix yet, zeros) yields none.
 */
export function findPoints(body: Buffer, mask: number): { fixes: QueclinkFix[]; before: Buffer } {
  const size = pointSize(mask);
  for (let at = 0; at < body.length; at++) {
    const count = body[at]!;
    if (count < 1 || count > MAX_POINTS || at + 1 + count * size > body.length) continue;
    const fixes = readPoints(body.subarray(at + 1, at + 1 + count * size), count, mask);
    if (fixes) return { fixes, before: body.subarray(0, at) };
  }
  return { fixes: [], before: body };
}

function readPoints(bytes: Buffer, count: number, mask: number): QueclinkFix[] | undefined {
  const r = new ByteReader(bytes, 'Queclink HEX GPS point');
  const fixes: QueclinkFix[] = [];
  for (let i = 0; i < count; i++) {
    const fix = readPoint(r, mask);
    if (!fix) return undefined;
    fixes.push(fix);
  }
  return fixes;
}
