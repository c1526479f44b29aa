/**
 * Entry point of the `authz-tool` bin (run through tsx by `bin/authz-tool.js`).
 */
import { runMain } from 'citty';
import { authzToolCommand } from './commands/index.ts';

await runMain(authzToolCommand);
