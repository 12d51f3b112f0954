import { defineConfig } from 'vitest/config';

// `npm test`: the suite's own unit tests, and the full certification of the embedded reference.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['specs/**/*.spec.ts'],
          globalSetup: ['specs/setup/embeddedTarget.ts'],
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
