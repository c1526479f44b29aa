#!/usr/bin/env node
// Runs the built CLI. In a checkout of the repository that was never built, dist/ is missing: say
// so in one line instead of Node's stack trace.
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
try {
  await import(main.href);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(`'${fileURLToPath(main)}'`))
    throw error;
  console.error(
    'wiki-publish: not built (no dist/main.js): run `npm run build` at the repository root first',
  );
  process.exitCode = 2;
}
