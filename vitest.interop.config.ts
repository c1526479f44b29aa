import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './test/support/workspace-aliases.ts';

/**
 * The interop suite: tests against the real peers (installed on first use by `test/peers/*.sh`
 * and cached), in files named `*.interop.test.ts`.
 */
export default defineConfig({
  resolve: { alias: workspaceAliases(fileURLToPath(new URL('.', import.meta.url))) },
  test: {
    include: ['**/*.interop.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**'],
    testTimeout: 60_000,
    hookTimeout: 20 * 60_000,
    pool: 'forks',
  },
});
