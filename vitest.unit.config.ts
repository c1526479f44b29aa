import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:unit`: the tests beside the sources, in every package (core, rego, adapters, engine, CLI,
 * publisher, application, policies) — no browser, no root, any OS. The cross-module tests in `test/`
 * (real servers, replicas, the browser) run in `npm test`.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/**'],
    },
  }),
);
