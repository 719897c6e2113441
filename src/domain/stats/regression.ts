// Ordinary least squares line, used to start forecast models and to extend a trend past the
// ends that a centred moving average cannot reach.

export interface Line {
  intercept: number;
  slope: number;
}

/** Fits y = intercept + slope * x. A single point, or all x equal, gives a flat line. */
export function fitLine(xs: readonly number[], ys: readonly number[]): Line {
  const n = Math.min(xs.length, ys.length);
  if (n === 0) throw new RangeError('no points to fit');
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i] as number;
    sy += ys[i] as number;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    sxy += dx * ((ys[i] as number) - my);
    sxx += dx * dx;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { intercept: my - slope * mx, slope };
}
