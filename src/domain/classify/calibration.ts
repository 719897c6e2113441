// The first answer's confidence: the lower of two measured shares of right answers at 6 digits.
// 1. TABLE, the project's own questions (scripts/classify-calibrate.ts: HMRC search terms, shuffled
//    catalogue descriptions and cut US statistical lines, each asked of an index without their
//    source, half of them with words of another line added): among first answers with at least
//    this margin over the second and this share of the question explained by the best line.
// 2. REAL, the aggregate reliability of the evaluation set's dev half by margin alone
//    (bench/classify-calibrate-dev.ts, isotonic bins): real descriptions are harder than our own
//    questions (their best line explains little of them), and the table alone claimed about twice
//    what real answers achieved. Only these five shares come from the dev half, no words.
// Neither reaches 0.8 anywhere: the classifier claims no more than it has shown.
// TABLE rows: [margin from, explained from, share right].
const TABLE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0.28], // 10238
  [0, 0.5, 0.35], // 6111
  [0, 0.75, 0.36], // 2444
  [0, 0.9, 0.25], // 1188
  [0.1, 0, 0.44], // 3598
  [0.1, 0.5, 0.54], // 2221
  [0.1, 0.75, 0.67], // 796
  [0.1, 0.9, 0.62], // 260
  [0.2, 0, 0.47], // 1887
  [0.2, 0.5, 0.57], // 1256
  [0.2, 0.75, 0.70], // 475
  [0.2, 0.9, 0.70], // 154
  [0.35, 0, 0.48], // 816
  [0.35, 0.5, 0.54], // 624
  [0.35, 0.75, 0.69], // 248
  [0.35, 0.9, 0.71], // 90
  [0.5, 0, 0.51], // 343
  [0.5, 0.5, 0.54], // 297
  [0.5, 0.75, 0.62], // 147
  [0.5, 0.9, 0.64], // 58
];

// [margin from, share right] on the dev half: 161, 85, 105, 39 and 47 answers.
const REAL: ReadonlyArray<readonly [number, number]> = [[0, 0.15], [0.05, 0.2], [0.1, 0.29], [0.2, 0.33], [0.3, 0.38]];

/** Relative margin of the first score over the second, 0–1. */
export function marginOf(first: number, second: number): number {
  return first > 0 ? Math.max(0, (first - second) / first) : 0;
}

/**
 * Confidence: the share right among held-out answers with at least this margin and this share
 * explained, taking the best corner the answer falls in so that a larger margin or a better
 * explained question never lowers it (the table's dips are a few hundredths, within noise).
 */
export function confidenceOf(margin: number, explained: number): number {
  let c = 0;
  for (const [m, e, share] of TABLE) if (margin >= m && explained >= e) c = Math.max(c, share);
  let real = 0;
  for (const [m, share] of REAL) if (margin >= m) real = share;
  return Math.min(c, real);
}
