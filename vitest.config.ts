import { defineConfig } from 'vitest/config';

// .ci/run sets VITEST_JSON_REPORT to print CI's closing line from the counts.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
