// `meta.warnings` when the window a request asks about lies partly or wholly outside the period the
// data covers. Without it a window before the first declaration answers with zeros, which reads
// as "nothing was traded" rather than "nothing is loaded". Worked out once here for every
// operation, from the request's window parameters: `from`/`to` and the `<name>_from`/`<name>_to`
// pairs (compare's `period_a_from`…), dates `YYYY-MM-DD` or months `YYYY-MM`.
import { Type } from 'typebox';

export interface Coverage {
  from: string | null;
  to: string | null;
}

export interface Warning {
  type: 'outside_coverage';
  message: string;
  coverage: Coverage;
}

export const WarningSchema = Type.Object(
  {
    type: Type.Unsafe<'outside_coverage'>({ type: 'string', enum: ['outside_coverage'], description: 'Kind of warning' }),
    message: Type.String({ maxLength: 500 }),
    coverage: Type.Object(
      {
        from: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()], { description: 'First day with data' }),
        to: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()], { description: 'Last day with data' }),
      },
      { description: 'The period the data covers; both null when no declaration is loaded' },
    ),
  },
  { description: 'The answer is complete but may mislead: for instance the window asked for lies outside the data (zeros there mean "not loaded", not "no trade")' },
);

const BOUND = /^\d{4}-\d{2}(-\d{2})?$/;

interface Window {
  /** `from`/`to`, or the pair's prefix (`period_a`). */
  name: string;
  from: string | null;
  to: string | null;
}

/** The windows a query asks about: each `from`/`to` pair given with at least one bound. */
export function windowsOf(query: unknown): Window[] {
  if (typeof query !== 'object' || query === null) return [];
  const q = query as Record<string, unknown>;
  const bound = (k: string) => (typeof q[k] === 'string' && BOUND.test(q[k]) ? q[k] : null);
  const out: Window[] = [];
  for (const key of Object.keys(q)) {
    const m = /^(?:(.+)_)?(from|to)$/.exec(key);
    if (!m) continue;
    const prefix = m[1] ? `${m[1]}_` : '';
    const name = m[1] ?? 'from/to';
    if (out.some((w) => w.name === name)) continue;
    const from = bound(`${prefix}from`);
    const to = bound(`${prefix}to`);
    if (from || to) out.push({ name, from, to });
  }
  return out;
}

/**
 * A bound against a day of the coverage, at the bound's own precision: the month 2026-10 is
 * covered when any day of it is, so asking for whole months never warns about a partial last one.
 */
function cmp(bound: string, day: string): number {
  const d = day.slice(0, bound.length);
  return bound < d ? -1 : bound > d ? 1 : 0;
}

/** One warning per window that reaches outside the coverage; none when every window lies inside it. */
export function coverageWarnings(query: unknown, coverage: Coverage): Warning[] {
  const out: Warning[] = [];
  const cov = { from: coverage.from?.slice(0, 10) ?? null, to: coverage.to?.slice(0, 10) ?? null };
  for (const w of windowsOf(query)) {
    const span = `${w.name} ${w.from ?? '…'} to ${w.to ?? '…'}`;
    let message: string | null = null;
    if (!cov.from || !cov.to) message = `No declarations are loaded, so ${span} has no data`;
    else if ((w.to && cmp(w.to, cov.from) < 0) || (w.from && cmp(w.from, cov.to) > 0)) {
      message = `${span} lies wholly outside the data, which covers ${cov.from} to ${cov.to}: zeros there mean no data, not no trade`;
    } else if ((w.from && cmp(w.from, cov.from) < 0) || (w.to && cmp(w.to, cov.to) > 0)) {
      message = `${span} lies partly outside the data, which covers ${cov.from} to ${cov.to}: figures count only the covered part`;
    }
    if (message) out.push({ type: 'outside_coverage', message, coverage: cov });
  }
  return out;
}
