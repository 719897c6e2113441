/** Rows of each index that ANALYZE samples, on every SQLite connection that may run it. */
export const ANALYSIS_LIMIT = 1000;
