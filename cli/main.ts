/**
 * Entry point of the `authz-tool` bin (`bin/authz-tool.js` runs its compiled JavaScript).
 */
import { runMain } from 'citty';
import { authzToolCommand } from './commands/index.ts';

await runMain(authzToolCommand);
