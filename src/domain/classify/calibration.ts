// The first answer's confidence: the lower of two measured shares of right answers at 6 digits.
// 1. TABLE, the project's own questions (scripts/classify-calibrate.ts: HMRC search terms, shuffled
//    catalogue descriptions and cut US statistical lines, each asked of an index without their
//    source, half of them with words of another line added): among first answers with at least
//    this margin over the second and this share of the question explained by the best line.
// 2. REAL, the aggregate reliability of the evaluation set's dev half by margin and by whether the
//    best line is named in full (bench/classify-calibrate-dev.ts, isotonic bins, lower bounds): real
//    descriptions are harder than our own questions (their best line explains little of them), and
//    the table alone claimed about twice what real answers achieved. Only these eight shares come
//    from the dev half, no words.
// Neither reaches 0.8 anywhere: the classifier claims no more than it has shown.
// TABLE rows: [margin from, explained from, share right].
const TABLE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0.29], // 10261
  [0, 0.5, 0.37], // 5746
  [0, 0.75, 0.38], // 2211
  [0, 0.9, 0.27], // 1076
  [0.1, 0, 0.46], // 4395
  [0.1, 0.5, 0.58], // 2586
  [0.1, 0.75, 0.68], // 894
  [0.1, 0.9, 0.69], // 289
  [0.2, 0, 0.53], // 2789
  [0.2, 0.5, 0.64], // 1810
  [0.2, 0.75, 0.75], // 645
  [0.2, 0.9, 0.77], // 195
  [0.35, 0, 0.56], // 1284
  [0.35, 0.5, 0.63], // 952
  [0.35, 0.75, 0.75], // 364
  [0.35, 0.9, 0.80], // 120
  [0.5, 0, 0.61], // 521
  [0.5, 0.5, 0.65], // 442
  [0.5, 0.75, 0.71], // 205
  [0.5, 0.9, 0.73], // 74
];

// [margin from, share right] on the dev half (bench/classify-calibrate-dev.ts), in two curves by
// whether the question names every word of the first answer's best line: the 372 answers whose best
// line it does not name in full (bins of 126, 73, 88, 45, 40 answers) and the 65 whose line it
// does (19, 23, 23), which are right about twice as often at the same margin (0.42 and 0.74 against
// 0.20 and 0.38). Bins are pooled where a larger margin would lower the confidence, and each share
// is the lower end of its bin's 90 % Wilson interval (plain shares: 0.20, 0.30, 0.38; 0.42, 0.43,
// 0.74), as the dev half's own shares claimed more than the test half then achieved.
const REAL: ReadonlyArray<readonly [number, number]> = [[0, 0.16], [0.05, 0.25], [0.1, 0.25], [0.2, 0.31], [0.3, 0.31]];
const REAL_CONTAINED: ReadonlyArray<readonly [number, number]> = [[0, 0.29], [0.1, 0.31], [0.2, 0.61]];

/** Relative margin of the first score over the second, 0–1. */
export function marginOf(first: number, second: number): number {
  return first > 0 ? Math.max(0, (first - second) / first) : 0;
}

/**
 * Confidence: the share right among held-out answers with at least this margin and this share
 * explained (and, for the real curve, whether the best line is named in full), taking the best corner the answer falls in so that a larger margin or a better
 * explained question never lowers it (the table's dips are a few hundredths, within noise).
 */
export function confidenceOf(margin: number, explained: number, contained = false): number {
  let c = 0;
  for (const [m, e, share] of TABLE) if (margin >= m && explained >= e) c = Math.max(c, share);
  let real = 0;
  for (const [m, share] of contained ? REAL_CONTAINED : REAL) if (margin >= m) real = share;
  return Math.min(c, real);
}
