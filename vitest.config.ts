import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: a budget costs time only when a test fails, and machines here differ up to 5x in speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Test files that share the PostgreSQL server each use their own schema, so files may run in parallel.
    pool: 'forks',
    // Vitest runs one file at a time on a two-core machine (cores - 1). Most files spend their time
    // waiting on PostgreSQL, child processes and timers rather than on the CPU, so a few more run
    // side by side; TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    minWorkers: 1,
    reporters: ['default'],
  },
});
