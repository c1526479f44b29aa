import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './test/support/workspace-aliases.ts';

/**
 * The Topaz suite (`npm run test:topaz`): tests against a real Topaz from the user's `topazd`, in
 * files named `*.topaz.test.ts`. Run through `test/topaz/run.ts`, which says plainly that the
 * suite did not run when there is no `topazd`.
 */
export default defineConfig({
  resolve: { alias: workspaceAliases(fileURLToPath(new URL('.', import.meta.url))) },
  test: {
    include: ['**/*.topaz.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**'],
    testTimeout: 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
