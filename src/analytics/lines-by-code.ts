// The item lines a second time, sorted by their 12-digit code and carrying the header keys a
// product's questions filter and group by (flow, month, day, partner country). The rollups stop at
// six digits, and the lines themselves are stored in declaration order, so a question about one
// 8- to 12-digit code read every one of them (31M at 10M declarations: 0.3-0.8 s a request, CPU
// that every other request waited for). Here DuckDB skips every row group whose range of codes
// misses the prefix, and no join with the declarations is needed.
//
// A whole load fills it range of codes by range, each appended after the one before, so it ends
// sorted; batches append their lines at the end; once those are a tenth of the table it is sorted
// again range by range (a transaction each), with the ranges and the count of unsorted rows of the
// sorted rollup copies (sorted.ts). Its columns are declared with the other tables (schema.ts).
import type { Engine, Writer } from './engine.js';
import { LINES_BY_CODE } from './schema.js';
import { addUnsorted, ranges, resetUnsorted, unsortedDue, withinRange } from './sorted.js';

// Lines sorted per transaction: the memory a sort needs and the time the writer is held.
const ROWS_PER_RANGE = 4_000_000;

/** SELECT of the copy's rows from lines and their declarations (table names or subqueries). */
function linesOf(items: string, declarations: string, where = 'true'): string {
  return `select i.gtip, i.declaration_id, d.flow, d.period, d.registered_at, d.partner_country, i.value_usd_cents, i.net_weight_kg,
      i.quantity, i.quantity_unit
    from ${items} i join ${declarations} d on d.id = i.declaration_id where ${where}`;
}

/** Fills the empty copy from the loaded lines, one range of codes per transaction, in code order. */
export async function fillLinesByCode(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  for (const [lo, hi] of await ranges(engine, 'select gtip as k from declaration_items', rowsPerRange)) {
    await engine.write((w) => w.run(`insert into ${LINES_BY_CODE} select * from (${linesOf('declaration_items', 'declarations', withinRange(lo, hi)('i.gtip'))}) order by gtip`));
  }
  await resetUnsorted(engine, LINES_BY_CODE);
}

/** Appends the lines of staged declarations (inside the batch's transaction), counted as unsorted. */
export async function appendLinesByCode(w: Writer, stage: { declarations: string; items: string }): Promise<void> {
  await w.run(`insert into ${LINES_BY_CODE} ${linesOf(stage.items, stage.declarations)}`);
  const [n] = await w.rows(`select count(*) as n from ${stage.items}`);
  await addUnsorted(w, LINES_BY_CODE, Number(n?.n ?? 0));
}

/** Whether batches have appended enough lines to sort the copy again. */
export const linesNeedSorting = (engine: Engine): Promise<boolean> => unsortedDue(engine, LINES_BY_CODE);

/**
 * Puts the copy back in code order: for each range, a transaction each, its lines are taken out
 * and appended again sorted. Every line stays in the table at every commit; batches landing
 * between ranges append after them, unsorted until the next sort.
 */
export async function sortLinesAgain(engine: Engine, rowsPerRange = ROWS_PER_RANGE): Promise<void> {
  await resetUnsorted(engine, LINES_BY_CODE);
  for (const [lo, hi] of await ranges(engine, `select gtip as k from ${LINES_BY_CODE}`, rowsPerRange)) {
    const where = withinRange(lo, hi)('gtip');
    await engine.write(async (w) => {
      await w.run(`create or replace temp table resorted as select * from ${LINES_BY_CODE} where ${where}`);
      await w.run(`delete from ${LINES_BY_CODE} where ${where}`);
      await w.run(`insert into ${LINES_BY_CODE} select * from resorted order by gtip`);
      await w.run('drop table resorted');
    });
  }
}
