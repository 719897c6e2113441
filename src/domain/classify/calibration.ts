// The first answer's confidence: how often, on held-out questions, a first answer with this margin
// over the second, whose best line explains this share of the question's weight, was right at 6
// digits. Fitted by scripts/classify-calibrate.ts on the project's own questions (HMRC search
// terms, shuffled catalogue descriptions and cut US statistical lines, each asked of an index
// without their source, half of them with words of another line added); never on the evaluation
// set. No corner reaches 0.8: the classifier does not claim more than it has shown. Rows: [margin from, explained from, share right].
const TABLE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0.28], // 10182
  [0, 0.5, 0.34], // 6056
  [0, 0.75, 0.35], // 2436
  [0, 0.9, 0.22], // 1169
  [0.1, 0, 0.44], // 3554
  [0.1, 0.5, 0.53], // 2175
  [0.1, 0.75, 0.66], // 779
  [0.1, 0.9, 0.62], // 245
  [0.2, 0, 0.46], // 1850
  [0.2, 0.5, 0.55], // 1228
  [0.2, 0.75, 0.69], // 461
  [0.2, 0.9, 0.68], // 145
  [0.35, 0, 0.47], // 803
  [0.35, 0.5, 0.52], // 621
  [0.35, 0.75, 0.66], // 245
  [0.35, 0.9, 0.67], // 84
  [0.5, 0, 0.49], // 342
  [0.5, 0.5, 0.53], // 300
  [0.5, 0.75, 0.59], // 154
  [0.5, 0.9, 0.62], // 58
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
