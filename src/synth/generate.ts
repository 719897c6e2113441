// The dataset as one deterministic sequence: declaration k is drawn from its own random stream,
// in a fixed order (month by month, exports then imports), so the same seed, size and period give
// the same records whatever the batch size.
import { Rng, streamId } from './prng.js';
import { annualTotals, apportion, monthIndex, monthsBetween, workingDays, type Month } from './calendar.js';
import { buildParties, type Parties } from './companies.js';
import { drawDeclaration, meanDeclarationValue, type DrawnDeclaration } from './declarations.js';
import { billOfLading, plannedTimes, shipmentFor, type BillOfLading, type Container, type Shipment } from './logistics.js';
import type { Flow } from './geography.js';

export interface GenerateOptions {
  seed: number;
  declarations: number;
  from: Month;
  to: Month;
  /** Added to declaration and document serials so an appended run never reuses a number. */
  serialOffset?: number;
}

export interface Generated {
  index: number;
  drawn: DrawnDeclaration;
  bl: BillOfLading | null;
  containers: Container[];
  shipment: Shipment | null;
}

const S_DECL = streamId('declarations');
const S_DOCS = streamId('documents');
const S_SHIP = streamId('shipments');
const S_CELL = streamId('cells');
const FLOWS: readonly Flow[] = ['export', 'import'];

export interface Cell {
  flow: Flow;
  month: Month;
  count: number;
}

/** Declarations per month and flow: value targets (annual totals × monthly index) over mean value. */
export function planCells(opts: GenerateOptions): Cell[] {
  const months = monthsBetween(opts.from, opts.to);
  const cells: Cell[] = [];
  const weights: number[] = [];
  for (const month of months) {
    const [exp, imp] = annualTotals(month.year);
    const idx = monthIndex(month.year, month.month);
    for (const flow of FLOWS) {
      cells.push({ flow, month, count: 0 });
      weights.push(((flow === 'export' ? exp : imp) * idx) / meanDeclarationValue(flow));
    }
  }
  apportion(opts.declarations, weights).forEach((n, i) => ((cells[i] as Cell).count = n));
  return cells;
}

/**
 * Share of declarations that get a tracked shipment: enough for tracking statistics (about 4,000),
 * at least one in twenty of a large dataset. Each shipment carries ten to twenty events, so tracking
 * every declaration would dominate the seed time.
 */
export function shipmentShare(n: number): number {
  return Math.min(1, Math.max(0.05, 4_000 / Math.max(1, n)));
}

export function* generate(opts: GenerateOptions, parties: Parties = buildParties(opts.seed, opts.declarations)): Generator<Generated> {
  const offset = opts.serialOffset ?? 0;
  const endAt = Date.UTC(opts.to.year, opts.to.month, 1) - 1000;
  const share = shipmentShare(opts.declarations);
  const serials = new Map<string, number>();
  let index = 0;
  for (const cell of planCells(opts)) {
    const days = workingDays(cell.month.year, cell.month.month);
    const yy = String(cell.month.year % 100).padStart(2, '0');
    const code = cell.flow === 'export' ? 'EX' : 'IM';
    const slot = { flow: cell.flow, year: cell.month.year, month: cell.month.month, days, position: 0, phase: Rng.for(opts.seed, S_CELL, cell.month.period * 2 + (cell.flow === 'export' ? 0 : 1)).next() };
    const number = (office: string) => {
      const key = `${yy}${office}${code}`;
      const n = (serials.get(key) ?? 0) + 1;
      serials.set(key, n);
      return `${key}${String(n + offset).padStart(6, '0')}`;
    };
    for (let k = 0; k < cell.count; k++, index++) {
      slot.position = k;
      const drawn = drawDeclaration(Rng.for(opts.seed, S_DECL, index), slot, parties, number);
      const mode = drawn.route.mode;
      let bl: BillOfLading | null = null;
      let containers: Container[] = [];
      let shipment: Shipment | null = null;
      if (mode !== 'pipeline') {
        const docs = Rng.for(opts.seed, S_DOCS, index);
        const times = plannedTimes(docs, drawn);
        if (mode === 'sea') {
          ({ bl, containers } = billOfLading(docs, drawn, index + 1 + offset, drawn.record.flow === 'export' ? times.departure : times.departure));
          drawn.record.bl_number = bl.bl_number;
          drawn.record.vessel = bl.vessel;
        }
        const ship = Rng.for(opts.seed, S_SHIP, index);
        if (ship.next() < share) {
          shipment = shipmentFor(ship, { d: drawn, bl, containers, endAt, serial: index + 1 + offset }, times);
        }
      }
      yield { index, drawn, bl, containers, shipment };
    }
  }
}
