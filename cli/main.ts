/**
 * Entry point of the `authz-tool` bin (`bin/authz-tool.js` runs its compiled JavaScript). The process
 * ends when the command is done, even if the loaded app left a server or a timer running.
 */
import { runMain } from 'citty';
import { authzToolCommand } from './commands/index.ts';
import { exitWhenFlushed } from './process-exit.ts';

await runMain(authzToolCommand);
await exitWhenFlushed();
