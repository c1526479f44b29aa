/**
 * Entry point of the `wiki-publish` bin (`bin/wiki-publish.js` runs its compiled JavaScript).
 * `--help` and `--version` print and exit 0; a usage error citty reports exits 2, like every other
 * usage error of the command (see `exit-codes.ts`); anything unexpected exits 1.
 */
import { runCommand, showUsage } from 'citty';
import { publishCommand } from './commands/index.ts';
import { EXIT_CODES } from './exit-codes.ts';

const rawArgs = process.argv.slice(2);
try {
  if (rawArgs.includes('--help') || rawArgs.includes('-h')) await showUsage(publishCommand);
  else await runCommand(publishCommand, { rawArgs });
} catch (error) {
  // citty does not export its CLIError class: its usage errors are known by their name.
  if (error instanceof Error && error.name === 'CLIError') {
    console.error(`${error.message} (see wiki-publish --help)`);
    process.exitCode = EXIT_CODES.configuration;
  } else {
    console.error(error);
    process.exitCode = EXIT_CODES.internal;
  }
}
