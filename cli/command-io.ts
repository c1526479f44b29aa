/**
 * What every `authz-tool` command shares: where it writes (results on stdout, progress and
 * errors on stderr through consola), how it reads stdin, and how an outcome becomes an exit
 * code. Tests (and embedding programs) replace the process globals through citty's `data`.
 */
import path from 'node:path';
import { type ConsolaInstance, createConsola } from 'consola';
import { EXIT_CODES, type ExitCode } from './exit-codes.ts';

/** What a caller of `runCommand` may pass as `data` instead of the process globals. */
export interface CommandData {
  /** Progress, warnings and errors (default: consola on stderr). */
  readonly logger?: ConsolaInstance;
  /** Where results go (default `process.stdout`). */
  readonly stdout?: { write(text: string): unknown };
  /** Where errors and diagnostics go as plain lines (default `process.stderr`). */
  readonly stderr?: { write(text: string): unknown };
  /** Reads all of stdin, for `--input -` (default: `process.stdin`). */
  readonly readStdin?: () => Promise<string>;
  /** The directory `--app` and other paths are relative to (default `process.cwd()`). */
  readonly cwd?: string;
  /** Receives the exit code (default: sets `process.exitCode`). */
  readonly setExitCode?: (code: number) => void;
}

/** The resolved input and output of one command run. */
export interface CommandIo {
  readonly logger: ConsolaInstance;
  readonly cwd: string;
  /** Writes a result to stdout. */
  out(text: string): void;
  /** Writes an error or a diagnostic to stderr. */
  err(text: string): void;
  readStdin(): Promise<string>;
  /** How a file is named in output: relative to `cwd` when below it, else absolute. */
  shown(file: string): string;
  readonly data: CommandData;
}

async function processStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The IO of a command run: `data` where given, the process otherwise. */
export function commandIo(data: unknown): CommandIo {
  const given = (data ?? {}) as CommandData;
  const stdout = given.stdout ?? process.stdout;
  const stderr = given.stderr ?? process.stderr;
  const cwd = given.cwd ?? process.cwd();
  return {
    logger: given.logger ?? createConsola({ stdout: process.stderr, stderr: process.stderr }),
    cwd,
    out: (text) => {
      stdout.write(text);
    },
    err: (text) => {
      stderr.write(text);
    },
    readStdin: given.readStdin ?? processStdin,
    shown: (file) => {
      const relative = path.relative(cwd, path.resolve(cwd, file));
      return relative === ''
        ? '.'
        : relative.startsWith('..') || path.isAbsolute(relative)
          ? path.resolve(cwd, file)
          : relative;
    },
    data: given,
  };
}

/**
 * Runs a command's action: its exit code is reported through `setExitCode`. An error that carries
 * a string `code` (every error the project raises on purpose, and Node's file errors) is printed
 * as `error: <message>` on stderr with exit 2; anything else is a defect: its stack and exit 3.
 */
export async function runAction(io: CommandIo, action: () => Promise<ExitCode>): Promise<ExitCode> {
  let code: ExitCode;
  try {
    code = await action();
  } catch (error) {
    if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string') {
      io.err(`error: ${error.message}\n`);
      code = EXIT_CODES.usage;
    } else {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      io.err(`internal error (please report it): ${detail}\n`);
      code = EXIT_CODES.internal;
    }
  }
  const setExitCode = io.data.setExitCode ?? ((value: number) => (process.exitCode = value));
  setExitCode(code);
  return code;
}
