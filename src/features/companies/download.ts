// Whole-result downloads of answers that are computed in memory (rankings, graphs' rows).
import type { Download } from '../../http/download.js';

export function arrayDownload(rows: readonly Record<string, unknown>[], columns: string[], filename: string): Download {
  return {
    columns,
    filename,
    rows: (async function* () {
      yield* rows;
    })(),
  };
}
