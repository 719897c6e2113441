import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files that share the PostgreSQL server each use their own schema, so files may run in parallel.
    pool: 'forks',
    reporters: ['default'],
  },
});
