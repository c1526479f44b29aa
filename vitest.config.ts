import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { honoAliases } from './test/support/hono-under-test.ts';
import { workspaceAliases } from './test/support/workspace-aliases.ts';

export default defineConfig({
  resolve: {
    alias: [
      ...workspaceAliases(fileURLToPath(new URL('.', import.meta.url))),
      ...honoAliases(process.env.GATEHOUSE_HONO_DIR),
    ],
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    // Tests against real external peers (OPA, Keycloak, …) run in `npm run test:interop`; against
    // a real Topaz, in `npm run test:topaz`.
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/*.interop.test.ts',
      '**/*.topaz.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
