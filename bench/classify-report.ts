// Tables for bench/classify-eval.ts: accuracy per half and kind, and the calibration of confidence.

export type Kind = 'listing' | 'ruling-en' | 'ruling-tr';
export interface EvalRow { i: number; description: string; hs6: string; kind: Kind }
export interface Ranked { codes: string[]; confidence: number }

export function evalKind(source: string): Kind {
  if (source.endsWith(':tr')) return 'ruling-tr';
  return source.startsWith('AIDC-AI/') ? 'listing' : 'ruling-en';
}

function distinct(codes: readonly string[], digits: number): string[] {
  return [...new Set(codes.map((c) => c.slice(0, digits)))];
}

function pct(n: number, d: number): string {
  return d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`;
}

function accuracyLine(label: string, rows: readonly EvalRow[], answers: readonly Ranked[]): string {
  const hit = { s1: 0, s5: 0, h1: 0, h5: 0, c1: 0, c5: 0 };
  for (const r of rows) {
    const a = answers[r.i]!;
    const six = distinct(a.codes, 6);
    const four = distinct(a.codes, 4);
    const two = distinct(a.codes, 2);
    if (six[0] === r.hs6) hit.s1++;
    if (six.slice(0, 5).includes(r.hs6)) hit.s5++;
    if (four[0] === r.hs6.slice(0, 4)) hit.h1++;
    if (four.slice(0, 5).includes(r.hs6.slice(0, 4))) hit.h5++;
    if (two[0] === r.hs6.slice(0, 2)) hit.c1++;
    if (two.slice(0, 5).includes(r.hs6.slice(0, 2))) hit.c5++;
  }
  const n = rows.length;
  return `| ${label} | ${n} | ${pct(hit.s1, n)} | ${pct(hit.s5, n)} | ${pct(hit.h1, n)} | ${pct(hit.h5, n)} | ${pct(hit.c1, n)} | ${pct(hit.c5, n)} |`;
}

const BINS = [0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.6, 0.8, 0.9, 1.0001];

function calibration(rows: readonly EvalRow[], answers: readonly Ranked[]): void {
  console.log('| confidence | answers | share | mean confidence | right at 6 digits |');
  console.log('|---|---|---|---|---|');
  for (let b = 0; b + 1 < BINS.length; b++) {
    const inBin = rows.filter((r) => answers[r.i]!.confidence >= BINS[b]! && answers[r.i]!.confidence < BINS[b + 1]!);
    const right = inBin.filter((r) => answers[r.i]!.codes[0] === r.hs6).length;
    const mean = inBin.length ? (inBin.reduce((s, r) => s + answers[r.i]!.confidence, 0) / inBin.length).toFixed(2) : '–';
    console.log(`| ${BINS[b]!.toFixed(2)}–${Math.min(1, BINS[b + 1]!).toFixed(2)} | ${inBin.length} | ${pct(inBin.length, rows.length)} | ${mean} | ${pct(right, inBin.length)} |`);
  }
  const sure = rows.filter((r) => answers[r.i]!.confidence >= 0.8);
  const right = sure.filter((r) => answers[r.i]!.codes[0] === r.hs6).length;
  console.log(`confidence ≥ 0.8: ${sure.length} answers (${pct(sure.length, rows.length)} of the half), ${pct(right, sure.length)} right at 6 digits`);
}

export function report(rows: readonly EvalRow[], answers: readonly Ranked[], misses: number): void {
  const halves: Array<[string, EvalRow[]]> = [
    ['dev half (even rows)', rows.filter((r) => r.i % 2 === 0)],
    ['TEST half (odd rows)', rows.filter((r) => r.i % 2 === 1)],
  ];
  for (const [name, half] of halves) {
    console.log(`\n### ${name}`);
    console.log('| set | n | HS6 top-1 | HS6 top-5 | HS4 top-1 | HS4 top-5 | HS2 top-1 | HS2 top-5 |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(accuracyLine('all', half, answers));
    for (const kind of ['listing', 'ruling-en', 'ruling-tr'] as const) console.log(accuracyLine(kind, half.filter((r) => r.kind === kind), answers));
    console.log(accuracyLine('rulings (en + tr)', half.filter((r) => r.kind !== 'listing'), answers));
    console.log('');
    calibration(half, answers);
  }
  if (misses > 0) {
    console.log('\n### dev-half misses');
    for (const r of rows.filter((x) => x.i % 2 === 0 && answers[x.i]!.codes[0] !== x.hs6).slice(0, misses)) {
      const a = answers[r.i]!;
      console.log(`${r.hs6} got ${a.codes.slice(0, 3).join(',')} (${a.confidence}) [${r.kind}] ${r.description.slice(0, 110)}`);
    }
  }
}
