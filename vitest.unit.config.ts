import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:unit`: the tests beside the sources, in every package (core, rego, adapters, engine, CLI,
 * publisher, application, policies), that need nothing but Node — no browser, no root, no PostgreSQL
 * server, no child process; any OS. Files that start a PostgreSQL server are named `*.postgres.test.ts`,
 * files that run a process `*.process.test.ts`; they and the cross-module tests in `test/` (real
 * servers, replicas, the browser) run in `npm test`. Every core runs a worker (Vitest's default leaves
 * one idle, which on 2 cores halves the suite's speed: 190 s against 120 s).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/**', '**/*.postgres.test.ts', '**/*.process.test.ts'],
      maxWorkers: availableParallelism(),
    },
  }),
);
