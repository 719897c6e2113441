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
  const F = (x: readonly number[]) => {
    evals++;
    const v = f(x);
    // NaN would poison every comparison below; treat it as the worst possible value.
    return Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
  };
  const stepOf = (i: number) => (typeof opts.step === 'number' ? opts.step : (opts.step?.[i] ?? 0.1));

  let simplex: number[][] = [x0.slice()];
  for (let i = 0; i < d; i++) {
    const p = x0.slice();
    p[i] = (p[i] as number) + stepOf(i);
    simplex.push(p);
  }
  let fs = simplex.map(F);

  while (evals < maxEvals) {
    const order = fs.map((_, i) => i).sort((a, b) => (fs[a] as number) - (fs[b] as number));
    simplex = order.map((i) => simplex[i] as number[]);
    fs = order.map((i) => fs[i] as number);
    const best = fs[0] as number;
    const worst = fs[d] as number;
    if (Number.isFinite(worst) && Math.abs(worst - best) <= tol * (Math.abs(best) + tol)) break;

    const centroid = new Array<number>(d).fill(0);
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) centroid[j] = (centroid[j] as number) + (simplex[i]?.[j] as number) / d;
    const toward = (coef: number) => centroid.map((c, j) => c + coef * ((simplex[d]?.[j] as number) - c));

    const xr = toward(-1);
    const fr = F(xr);
    if (fr < best) {
      const xe = toward(-2);
      const fe = F(xe);
      if (fe < fr) replaceWorst(xe, fe);
      else replaceWorst(xr, fr);
    } else if (fr < (fs[d - 1] as number)) {
      replaceWorst(xr, fr);
    } else {
      const outside = fr < worst;
      const xc = toward(outside ? -0.5 : 0.5);
      const fc = F(xc);
      if (fc < (outside ? fr : worst)) {
        replaceWorst(xc, fc);
      } else {
        const x1 = simplex[0] as number[];
        for (let i = 1; i <= d; i++) {
          simplex[i] = (simplex[i] as number[]).map((v, j) => (x1[j] as number) + 0.5 * (v - (x1[j] as number)));
          fs[i] = F(simplex[i] as number[]);
        }
      }
    }
  }

  let bi = 0;
  for (let i = 1; i < fs.length; i++) if ((fs[i] as number) < (fs[bi] as number)) bi = i;
  return { x: simplex[bi] as number[], fx: fs[bi] as number, evals };

  function replaceWorst(x: number[], fx: number) {
    simplex[d] = x;
    fs[d] = fx;
  }
}
