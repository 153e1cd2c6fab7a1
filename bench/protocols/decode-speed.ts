/**
 * `npm run bench:decode [-- --against <checkout>]`: CPU per frame of the decoders on
 * bench:ingest's mix (GT06 locations and heartbeats, Teltonika AVL packets of 10 records), and,
 * with `--against`, of another checkout's decoders on the same frames in the same run,
 * alternated, as the ratio of this tree's time to theirs. bench:ingest's end-to-end figure
 * moves with the database and the machine; this isolates what a change to the decoders costs.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { TcpProtocol } from '../../apps/server/src/ingest/protocols/types';
import type { BenchFix } from '../ingest/fleet';
import { Gt06Frames, teltonikaImei, teltonikaPacket } from '../ingest/frames';

const FRAMES = 20_000;
const ROUNDS = 6;
const NOW = new Date('2026-12-01T12:00:00Z');

interface Decoders {
  gt06: TcpProtocol<unknown>;
  teltonika: TcpProtocol<unknown>;
}

async function decodersOf(root: string): Promise<Decoders> {
  const at = (path: string) =>
    pathToFileURL(`${root}/apps/server/src/ingest/protocols/${path}`).href;
  const gt06 = await import(at('gt06/gt06.decoder.ts'));
  const teltonika = await import(at('teltonika/teltonika.decoder.ts'));
  return { gt06: gt06.gt06Protocol, teltonika: teltonika.teltonikaProtocol };
}

function fixAt(k: number): BenchFix {
  return {
    time: new Date(NOW.getTime() - (FRAMES - k) * 5000),
    lat: 32.7 + k * 1e-5,
    lng: -96.8 - k * 1e-5,
    speedKmh: 40 + (k % 50),
    course: k % 360,
  };
}

/** One GT06 connection's stream (login, then locations with a heartbeat every tenth) and one Teltonika's. */
function streams() {
  const gt06 = new Gt06Frames();
  const gt06Frames = [gt06.login('359710049095096')];
  for (let k = 0; k < FRAMES; k++)
    gt06Frames.push(k % 10 === 9 ? gt06.heartbeat() : gt06.location(fixAt(k)));
  const teltonikaFrames = [teltonikaImei('356307042441013')];
  for (let k = 0; k < FRAMES / 10; k++)
    teltonikaFrames.push(teltonikaPacket(Array.from({ length: 10 }, (_, i) => fixAt(k * 10 + i))));
  return { gt06: gt06Frames, teltonika: teltonikaFrames };
}

/** Microseconds of CPU per frame to decode every frame as a listener would, one read per frame. */
function cpuPerFrame(protocol: TcpProtocol<unknown>, frames: readonly Buffer[]) {
  const session = protocol.createSession();
  let positions = 0;
  const start = process.cpuUsage();
  for (const frame of frames) {
    const decoded = protocol.decode(session, frame, NOW);
    for (const message of decoded.messages) positions += message.positions.length;
  }
  const used = process.cpuUsage(start);
  if (positions === 0) throw new Error(`${protocol.name} decoded no position`);
  return { micros: (used.user + used.system) / frames.length, positions };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const { values } = parseArgs({ options: { against: { type: 'string' } } });
  const trees: [string, Decoders][] = [['this tree', await decodersOf(process.cwd())]];
  if (values.against) trees.push([values.against, await decodersOf(values.against)]);
  const frames = streams();
  for (const family of ['gt06', 'teltonika'] as const) {
    const times = new Map<string, number[]>(trees.map(([name]) => [name, []]));
    const decoded = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, the first round of each a warm-up: the order does not favour either tree.
      const order = round % 2 === 0 ? trees : [...trees].reverse();
      for (const [name, decoders] of order) {
        const { micros, positions } = cpuPerFrame(decoders[family], frames[family]);
        if (round > 1) times.get(name)!.push(micros);
        decoded.set(name, positions);
      }
    }
    const mine = median(times.get('this tree')!);
    const line = [
      `${family.padEnd(10)} this tree ${mine.toFixed(2)} µs/frame (${decoded.get('this tree')} positions)`,
    ];
    if (values.against) {
      const theirs = median(times.get(values.against)!);
      line.push(
        `against ${theirs.toFixed(2)} µs/frame (${decoded.get(values.against)} positions): ratio ${(mine / theirs).toFixed(2)}`,
      );
    }
    console.log(line.join(' | '));
  }
}

await main();
