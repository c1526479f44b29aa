/**
 * Ending the tool's process once a command is done: an app loaded with `--app` may have started a
 * server, a timer or a connection (the quick starts call `serve()` when imported), which would keep
 * the process alive after the answer is printed. The tool waits for its output to be flushed, then exits
 * with the command's code.
 */

/** Something with Node's `write(chunk, callback)`. */
interface FlushableStream {
  write(chunk: string, callback: (error?: Error | null) => void): boolean;
}

/**
 * Waits until `streams` have written everything, then calls `exit` with `process.exitCode` (0 when unset).
 *
 * @example
 * await runMain(authzToolCommand);
 * await exitWhenFlushed();
 */
export async function exitWhenFlushed(
  streams: readonly FlushableStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  await Promise.all(
    streams.map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))),
  );
  const code = process.exitCode;
  exit(typeof code === 'number' ? code : Number(code ?? 0) || 0);
}
