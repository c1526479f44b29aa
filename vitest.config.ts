import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
