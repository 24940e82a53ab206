import { defineConfig } from 'vitest/config';

// One run over every package's tests, so the closing count covers the whole suite.
export default defineConfig({
  test: {
    include: ['spec/test/**/*.test.ts', 'generators/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'conformance/test/**/*.test.ts'],
    reporters: ['default', './scripts/count-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
