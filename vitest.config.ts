import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {test: {name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/reference/**'], testTimeout: 60_000, hookTimeout: 120_000}},
      {test: {name: 'reference', include: ['test/reference/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000}},
    ],
  },
});
