import {defineConfig} from 'vitest/config';

// unit: everything `npm test` runs on any machine. reference: the differential suite against ../shared/reference.
// e2e: tests that drive tools outside the project (the pre-commit framework, Neovim); CI installs them and runs this project.
// fuzz: `npm run test:fuzz`, run by .ci/run after the unit tests.
const E2E = ['test/ship/pre-commit.test.ts', 'test/e2e/**/*.test.ts'];
const globalSetup = ['test/helpers/temp-root.ts'];

export default defineConfig({
  test: {
    projects: [
      {test: {name: 'unit', globalSetup, include: ['test/**/*.test.ts'], exclude: ['test/reference/**', 'test/fuzz/**', ...E2E], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 3}},
      {test: {name: 'reference', globalSetup, include: ['test/reference/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000}},
      {test: {name: 'e2e', globalSetup, include: E2E, testTimeout: 300_000, hookTimeout: 300_000}},
      // fuzz: thousands of hostile inputs through every command (test/fuzz); two commands at a time on a 2-core machine.
      {test: {name: 'fuzz', globalSetup, include: ['test/fuzz/**/*.test.ts'], testTimeout: 600_000, maxConcurrency: 2}},
    ],
  },
});
