// Placeholder until the table is fitted.
export function confidenceOf(margin: number, _terms: number): number {
  return Math.round(Math.min(1, margin) * 1000) / 1000;
}
