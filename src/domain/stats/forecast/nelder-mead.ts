// A small Nelder–Mead simplex minimiser (standard coefficients: reflect 1, expand 2, contract ½,
// shrink ½). Derivative-free and a few dozen lines; ETS fitting has at most four parameters, where
// it converges in a couple of hundred evaluations. Bounds are the caller's business (clamp inside f).

export interface MinimizeOptions {
  /** Initial simplex edge along each axis. */
  step?: number | readonly number[];
  maxEvals?: number;
  /** Stop when the spread of function values in the simplex falls below this (relative). */
  tolerance?: number;
}

export interface MinimizeResult {
  x: number[];
  fx: number;
  evals: number;
}

export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], opts: MinimizeOptions = {}): MinimizeResult {
  const d = x0.length;
  const maxEvals = opts.maxEvals ?? 200 * Math.max(1, d);
  const tol = opts.tolerance ?? 1e-8;
  let evals = 0;
  const F = (x: readonly number[]): number => {
    evals++;
    const v = f(x);
    // NaN would poison every comparison below; treat it as the worst possible value.
    return Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
  };
  const stepOf = (i: number): number => (typeof opts.step === 'number' ? opts.step : (opts.step?.[i] ?? 0.1));

  // The vertices and their values, kept best first. A fit runs this loop hundreds of times per
  // backtest origin, so nothing in it allocates: trial points go to scratch rows and are copied into
  // the simplex when kept (the arithmetic and its order are those of the textbook method).
  const simplex: number[][] = [x0.slice()];
  for (let i = 0; i < d; i++) {
    const p = x0.slice();
    p[i] = (p[i] as number) + stepOf(i);
    simplex.push(p);
  }
  const fs: number[] = simplex.map(F);
  const centroid = new Array<number>(d).fill(0);
  const xr = new Array<number>(d).fill(0);
  const xe = new Array<number>(d).fill(0);
  const xc = new Array<number>(d).fill(0);
  /** The point `coef` of the way from the centroid to the worst vertex, written into `into`. */
  const toward = (coef: number, into: number[]): number[] => {
    const far = simplex[d] as number[];
    for (let j = 0; j < d; j++) into[j] = (centroid[j] as number) + coef * ((far[j] as number) - (centroid[j] as number));
    return into;
  };

  while (evals < maxEvals) {
    sortByValue(simplex, fs);
    const best = fs[0] as number;
    const worst = fs[d] as number;
    if (Number.isFinite(worst) && Math.abs(worst - best) <= tol * (Math.abs(best) + tol)) break;

    centroid.fill(0);
    for (let i = 0; i < d; i++) {
      const v = simplex[i] as number[];
      for (let j = 0; j < d; j++) centroid[j] = (centroid[j] as number) + (v[j] as number) / d;
    }

    const fr = F(toward(-1, xr));
    if (fr < best) {
      const fe = F(toward(-2, xe));
      if (fe < fr) replaceWorst(xe, fe);
      else replaceWorst(xr, fr);
    } else if (fr < (fs[d - 1] as number)) {
      replaceWorst(xr, fr);
    } else {
      const outside = fr < worst;
      const fc = F(toward(outside ? -0.5 : 0.5, xc));
      if (fc < (outside ? fr : worst)) {
        replaceWorst(xc, fc);
      } else {
        const x1 = simplex[0] as number[];
        for (let i = 1; i <= d; i++) {
          const v = simplex[i] as number[];
          for (let j = 0; j < d; j++) v[j] = (x1[j] as number) + 0.5 * ((v[j] as number) - (x1[j] as number));
          fs[i] = F(v);
        }
      }
    }
  }

  let bi = 0;
  for (let i = 1; i < fs.length; i++) if ((fs[i] as number) < (fs[bi] as number)) bi = i;
  return { x: (simplex[bi] as number[]).slice(), fx: fs[bi] as number, evals };

  function replaceWorst(x: readonly number[], fx: number): void {
    const w = simplex[d] as number[];
    for (let j = 0; j < d; j++) w[j] = x[j] as number;
    fs[d] = fx;
  }
}

/** Orders the vertices by value, ties in their present order (a stable insertion sort: at most five). */
function sortByValue(simplex: number[][], fs: number[]): void {
  for (let i = 1; i < fs.length; i++) {
    const f = fs[i] as number;
    const v = simplex[i] as number[];
    let j = i - 1;
    while (j >= 0 && (fs[j] as number) > f) {
      fs[j + 1] = fs[j] as number;
      simplex[j + 1] = simplex[j] as number[];
      j--;
    }
    fs[j + 1] = f;
    simplex[j + 1] = v;
  }
}
