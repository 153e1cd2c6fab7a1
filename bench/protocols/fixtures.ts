import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUZZ_BUDGET } from '../../apps/server/src/ingest/protocols/fuzz';
import { FUZZ_RUNS } from '../../apps/server/src/ingest/protocols/fuzz-ascii';
import { ProtocolError } from '../../apps/server/src/ingest/protocols/types';
import { FIXTURE_FAMILIES, type FixturePacket, type FixtureFamily } from './families';

/**
 * `npm run bench:protocols`: the figures of issue 41's closing note. Every real packet of every
 * family's fixtures and captures files goes through its family's decoder, on the session its
 * unit would have by then; the table counts, per family and message type, the packets, those
 * decoded (no protocol error, no frame skipped, at least one message) and the positions they
 * carry. Then the fuzz budget: the generated cases one `npx vitest run` of the fuzz tests runs.
 */
const NOW = new Date('2024-05-01T12:00:00Z');
const PROTOCOLS = fileURLToPath(
  new URL('../../apps/server/src/ingest/protocols/', import.meta.url),
);

interface Row {
  family: string;
  type: string;
  packets: number;
  decoded: number;
  positions: number;
}

function decodeOne(family: FixtureFamily, packet: FixturePacket) {
  try {
    const result = family.protocol.decode(packet.session(), packet.bytes, NOW);
    const skipped = result.notices?.some((n) => n.kind === 'skipped-frame') ?? false;
    const decoded = !skipped && result.messages.length > 0;
    return { decoded, positions: result.messages.reduce((n, m) => n + m.positions.length, 0) };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { decoded: false, positions: 0 };
  }
}

function rowsOf(family: FixtureFamily): Row[] {
  const rows = new Map<string, Row>();
  for (const packet of family.packets) {
    const row = rows.get(packet.type) ?? {
      family: family.family,
      type: packet.type,
      packets: 0,
      decoded: 0,
      positions: 0,
    };
    const read = decodeOne(family, packet);
    row.packets++;
    row.decoded += read.decoded ? 1 : 0;
    row.positions += read.positions;
    rows.set(packet.type, row);
  }
  return [...rows.values()];
}

/** Cases per fuzz subject: 4 properties (3 for whole datagrams) of each helper's runs. */
function fuzzBudget() {
  const subjects: { file: string; cases: number }[] = [];
  for (const folder of readdirSync(PROTOCOLS, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(PROTOCOLS, folder.name))) {
      if (!file.endsWith('.fuzz.test.ts')) continue;
      const text = readFileSync(join(PROTOCOLS, folder.name, file), 'utf8');
      const calls = text.split('fuzzDecoder(').length - 1;
      const datagrams = text.split('datagrams: true').length - 1;
      const ascii = text.includes("from '../fuzz-ascii'");
      const runs = ascii ? FUZZ_RUNS : FUZZ_BUDGET.runsPerProperty;
      subjects.push({
        file: `${folder.name}/${file}`,
        cases: calls * 4 * runs - datagrams * runs,
      });
    }
  }
  return subjects;
}

const pad = (text: string | number, width: number) =>
  typeof text === 'number' ? String(text).padStart(width) : text.padEnd(width);

const rows = FIXTURE_FAMILIES.flatMap(rowsOf);
const total = (of: Row[]) => ({
  packets: of.reduce((n, r) => n + r.packets, 0),
  decoded: of.reduce((n, r) => n + r.decoded, 0),
  positions: of.reduce((n, r) => n + r.positions, 0),
});
const totals = [
  ...FIXTURE_FAMILIES.map((f) => ({
    family: f.family,
    type: `total, ${f.file}`,
    ...total(rows.filter((r) => r.family === f.family)),
  })),
  { family: 'all', type: `${rows.length} message types`, ...total(rows) },
];
const width = Math.max(...[...rows, ...totals].map((r) => r.type.length));
const familyWidth = Math.max(...FIXTURE_FAMILIES.map((f) => f.family.length));
const line = (family: string, type: string, ...counts: (string | number)[]) =>
  [pad(family, familyWidth), pad(type, width), ...counts.map((c, i) => pad(c, [7, 7, 9][i]!))].join(
    ' ',
  );

console.log(line('family', 'message type', 'packets', 'decoded', 'positions'));
let family = '';
for (const r of rows) {
  console.log(line(r.family === family ? '' : r.family, r.type, r.packets, r.decoded, r.positions));
  family = r.family;
}
console.log('');
for (const r of totals) console.log(line(r.family, r.type, r.packets, r.decoded, r.positions));

const subjects = fuzzBudget();
console.log('');
console.log(
  `fuzz budget: FUZZ_BUDGET.runsPerProperty ${FUZZ_BUDGET.runsPerProperty} (fuzz.ts), FUZZ_RUNS ${FUZZ_RUNS} (fuzz-ascii.ts); ${subjects.length} fuzz test files`,
);
for (const s of subjects) console.log(`  ${pad(s.file, 44)} ${pad(s.cases, 6)} cases`);
console.log(
  `  ${pad('per `npx vitest run` of the fuzz tests', 44)} ${pad(
    subjects.reduce((n, s) => n + s.cases, 0),
    6,
  )} cases`,
);
