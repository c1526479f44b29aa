/**
 * Entry point of the `wiki-publish` bin (run through tsx by `bin/wiki-publish.js`).
 */
import { runMain } from 'citty';
import { publishCommand } from './commands/index.ts';

await runMain(publishCommand);
