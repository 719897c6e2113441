// The first answer's confidence: how often, on held-out questions, a first answer with this margin
// over the second, whose best line explains this share of the question's weight, was right at 6
// digits. Fitted by scripts/classify-calibrate.ts on the project's own questions (HMRC search
// terms, shuffled catalogue descriptions and cut US statistical lines, each asked of an index
// without their source); never on the evaluation set. No corner reaches 0.8: the classifier does
// not claim more than it has shown. Rows: [margin from, explained from, share right].
const TABLE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0.31], // 10052
  [0, 0.5, 0.37], // 7341
  [0, 0.75, 0.38], // 3546
  [0, 0.9, 0.25], // 1730
  [0.1, 0, 0.53], // 3306
  [0.1, 0.5, 0.62], // 2494
  [0.1, 0.75, 0.72], // 1109
  [0.1, 0.9, 0.70], // 367
  [0.2, 0, 0.58], // 1719
  [0.2, 0.5, 0.66], // 1337
  [0.2, 0.75, 0.77], // 624
  [0.2, 0.9, 0.77], // 201
  [0.35, 0, 0.61], // 760
  [0.35, 0.5, 0.66], // 648
  [0.35, 0.75, 0.76], // 325
  [0.35, 0.9, 0.75], // 116
  [0.5, 0, 0.59], // 361
  [0.5, 0.5, 0.61], // 334
  [0.5, 0.75, 0.67], // 200
  [0.5, 0.9, 0.67], // 83
];

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
  return c;
}
