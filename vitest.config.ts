import { defineConfig } from 'vitest/config';

// `npm test`: the suite's own unit tests, the full certification of the embedded reference, and
// the full suite against the real ASMX host (skipped, with the reason, where Mono is missing).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/asmx/**'],
          testTimeout: 30_000,
        },
      },
      {
        // The full suite against the real ASMX host (reference/asmx/, scripts/asmx/).
        test: {
          name: 'asmx',
          include: ['test/asmx/**/*.test.ts'],
          hookTimeout: 900_000,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['specs/**/*.spec.ts'],
          globalSetup: ['specs/setup/embeddedTarget.ts'],
          // The spec annotates its tests for Allure; without allure's runtime every annotation
          // would print "no test runtime is found" (thousands of lines in a CI log).
          setupFiles: ['allure-vitest/setup'],
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
