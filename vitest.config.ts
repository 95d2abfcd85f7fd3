import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Vitest's default (cores - 1) is one worker on a 2-core machine, which runs the two files that
    // build the site one after the other: 60 s. Two workers: 39 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
});
