/**
 * One `opa run --server` process on a free loopback port: started, watched for memory, stopped
 * gracefully or killed outright when it is stuck.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../support/free-port.ts';

/** A running OPA server process and the base URL it serves. */
export interface OpaProcess {
  readonly base: string;
  readonly child: ChildProcess;
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`opa exited with code ${child.exitCode} before serving`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('opa did not become healthy within 20 s');
}

/**
 * Starts `opaPath run --server` on a free loopback port with the `extra` flags and waits until it
 * answers its health check.
 * @example const opa = await startOpaProcess('/path/to/opa', ['--v0-compatible']);
 */
export async function startOpaProcess(opaPath: string, extra: readonly string[]): Promise<OpaProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    opaPath,
    ['run', '--server', '--addr', `127.0.0.1:${port}`, '--log-level', 'error', ...extra],
    // OPA's log (and the stack of a panic it recovers from) would drown the report; a panic
    // shows as a closed connection, answered `opa_panic`.
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  try {
    await waitForHealth(base, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return { base, child };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * Stops OPA: SIGTERM, then SIGKILL if it has not exited within 2 s (its graceful shutdown waits).
 * @example await stopOpaProcess(opa);
 */
export function stopOpaProcess({ child }: OpaProcess): Promise<void> {
  const done = exited(child);
  const force = setTimeout(() => child.kill('SIGKILL'), 2000);
  child.kill('SIGTERM');
  return done.finally(() => clearTimeout(force));
}

/**
 * Kills a stuck OPA at once (SIGKILL: a graceful shutdown would wait for the evaluation that is
 * stuck) and resolves when it has exited, its memory given back.
 * @example await killOpaProcess(opa);
 */
export function killOpaProcess({ child }: OpaProcess): Promise<void> {
  const done = exited(child);
  child.kill('SIGKILL');
  return done;
}

/**
 * The resident memory of the process in bytes, read from `/proc` (`undefined` where there is no
 * `/proc`, or once the process has gone).
 * @example residentBytes(opa) // 61_440_000
 */
export function residentBytes({ child }: OpaProcess): number | undefined {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}
