import { CATEGORIES, fill, type Category, type EvalCase } from './cases';
import type { ScoutClient } from './ask';
import { grade, type Expected, type GradeContext, type Verdict } from './grade';
import { HELD_OUT_SET } from './held-out';
import { heldOutTexts } from './split';
import { textOf } from './reading';
import { TUNING_SET } from './tuning';
import type { World } from './world';

/**
 * Runs the evaluation halves against Scout and prints, per half, the share answered correctly,
 * the share confidently wrong, the p95 latency and the same per category. Misses are printed
 * for the tuning half only: the held-out half shows figures, never its questions.
 */
export interface Outcome {
  category: Category;
  verdict: Verdict;
  latencyMs: number;
}

const p95 = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};
const pct = (n: number, of: number) =>
  of === 0 ? '   -  ' : `${((100 * n) / of).toFixed(1).padStart(5)}%`;
const asList = (e: Expected | Expected[]) => (Array.isArray(e) ? e : [e]);

/** Stops the run when tuning.ts and held-out.ts no longer hold the split the hash gives. */
export function checkSplit() {
  const held = heldOutTexts([...TUNING_SET, ...HELD_OUT_SET]);
  const misplaced = [
    ...TUNING_SET.filter((c) => held.has(c.text)),
    ...HELD_OUT_SET.filter((c) => !held.has(c.text)),
  ].length;
  const texts = new Set([...TUNING_SET, ...HELD_OUT_SET].map((c) => c.text));
  if (misplaced > 0 || texts.size !== TUNING_SET.length + HELD_OUT_SET.length)
    throw new Error(
      `${misplaced} question(s) sit in the wrong half, or a text is there twice: the halves are chosen by split.ts`,
    );
}

async function runOne(
  c: EvalCase,
  scout: ScoutClient,
  w: World,
  ctx: GradeContext,
  log: (line: string) => void,
  showMisses: boolean,
): Promise<Outcome> {
  const text = fill(c.text, w);
  const before = asList(await c.expect(w));
  const { answer, latencyMs } = await scout.ask([...(c.before ?? []), text], w, c.attach);
  // Asked again after the answer: a tracker that changed status meanwhile counts either way.
  const after = asList(await c.expect(w));
  const verdict = await grade([...before, ...after], answer, ctx);
  if (showMisses && (verdict !== 'correct' || process.env.SCOUT_EVAL_SHOW_ALL))
    log(
      `  ${verdict === 'wrong' ? 'WRONG ' : verdict === 'honest' ? 'honest' : 'ok    '} [${c.category}] "${text}" → ${textOf(answer).replace(/\s+/g, ' ').slice(0, 140)}`,
    );
  return { category: c.category, verdict, latencyMs };
}

function report(name: string, outcomes: Outcome[], log: (line: string) => void) {
  const n = outcomes.length;
  const of = (v: Verdict, list = outcomes) => list.filter((o) => o.verdict === v).length;
  log(
    `${name}: ${n} questions, correct ${pct(of('correct'), n)} (bar 90 % held-out), ` +
      `confidently wrong ${pct(of('wrong'), n)} (bar 1 %), "cannot" ${pct(of('honest'), n)}, ` +
      `p95 ${p95(outcomes.map((o) => o.latencyMs)).toFixed(0)} ms`,
  );
  log(`  ${'category'.padEnd(14)}   n  correct    wrong  p95 ms`);
  for (const category of CATEGORIES) {
    const list = outcomes.filter((o) => o.category === category);
    if (list.length === 0) continue;
    log(
      `  ${category.padEnd(14)} ${String(list.length).padStart(3)}  ${pct(of('correct', list), list.length)}  ` +
        `${pct(of('wrong', list), list.length)}  ${p95(list.map((o) => o.latencyMs))
          .toFixed(0)
          .padStart(6)}`,
    );
  }
}

export async function runEvaluation(
  scout: ScoutClient,
  w: World,
  ctx: GradeContext,
  log: (line: string) => void,
  { tuningOnly }: { tuningOnly: boolean },
) {
  checkSplit();
  const halves: [string, EvalCase[], boolean][] = [['tuning', TUNING_SET, true]];
  if (!tuningOnly) halves.push(['held-out', HELD_OUT_SET, false]);
  const results: Record<string, Outcome[]> = {};
  for (const [name, cases, showMisses] of halves) {
    log(`asking the ${name} half (${cases.length} questions)`);
    const outcomes: Outcome[] = [];
    for (const c of cases) outcomes.push(await runOne(c, scout, w, ctx, log, showMisses));
    results[name] = outcomes;
  }
  for (const [name, outcomes] of Object.entries(results)) report(name, outcomes, log);
  return results;
}
