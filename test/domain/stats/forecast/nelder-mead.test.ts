import { describe, it, expect } from 'vitest';
import { nelderMead } from '../../../../src/domain/stats/forecast/nelder-mead.js';

describe('Nelder–Mead', () => {
  it('finds the minimum of the Rosenbrock function', () => {
    const rosen = ([x = 0, y = 0]: readonly number[]) => 100 * (y - x * x) ** 2 + (1 - x) ** 2;
    const r = nelderMead(rosen, [-1.2, 1], { maxEvals: 5000, tolerance: 1e-14, step: 0.5 });
    expect(r.x[0]).toBeCloseTo(1, 3);
    expect(r.x[1]).toBeCloseTo(1, 3);
    expect(r.fx).toBeLessThan(1e-6);
  });

  it('minimises a shifted quadratic in four dimensions', () => {
    const target = [0.3, -2, 5, 1.5];
    const f = (x: readonly number[]) => x.reduce((s, v, i) => s + (i + 1) * (v - (target[i] as number)) ** 2, 0);
    const r = nelderMead(f, [0, 0, 0, 0], { maxEvals: 4000, tolerance: 1e-16, step: 1 });
    r.x.forEach((v, i) => expect(v).toBeCloseTo(target[i] as number, 3));
  });

  it('respects the evaluation budget', () => {
    let calls = 0;
    const r = nelderMead(
      (x) => {
        calls++;
        return (x[0] as number) ** 2;
      },
      [10],
      { maxEvals: 15 },
    );
    expect(calls).toBeLessThanOrEqual(17);
    expect(r.evals).toBe(calls);
  });

  it('treats NaN and Infinity as worse than anything', () => {
    const f = ([x = 0]: readonly number[]) => (x < 0 ? Number.NaN : x > 5 ? Number.POSITIVE_INFINITY : (x - 2) ** 2);
    const r = nelderMead(f, [4], { step: 3, maxEvals: 500 });
    expect(r.x[0]).toBeCloseTo(2, 4);
  });
});
