/**
 * Entry point of the `wiki-publish` bin (`bin/wiki-publish.js` runs its compiled JavaScript).
 */
import { runMain } from 'citty';
import { publishCommand } from './commands/index.ts';

await runMain(publishCommand);
