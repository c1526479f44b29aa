/**
 * The real OPA as an oracle for the engine's built-ins: one `opa run --server` answers every
 * expression of a module (one process spawn), each expression its own rule queried with
 * `strict-builtin-errors`, so an error in one never hides the others; the engine evaluates the
 * same module. Outcomes are compared as values (JSON), error kinds and messages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeJson } from '../../rego/builtins/json-text.ts';
import {
  compilePolicies,
  createStandardBuiltins,
  DEFAULT_OPA_VERSION,
  type OpaVersion,
  RegoError,
} from '../../rego/index.ts';
import { freePort } from './free-port.ts';
import { ensurePeer } from './peers.ts';

/** What evaluating one rule gave. */
export type Outcome = { value: unknown } | { error: string; message: string } | { undefined: true };

/** A module of rules `r0`, `r1`, … (package `oracle`), one per expression. */
export function oracleModule(expressions: readonly string[]): string {
  return `package oracle\nimport rego.v1\n${expressions.map((e, i) => `r${i} := ${e}`).join('\n')}\n`;
}

/** The engine's outcome for every rule of {@link oracleModule}, compiled for `opaVersion` (default v1.15.2). */
export function engineOutcomes(
  expressions: readonly string[],
  input: unknown = {},
  opaVersion: OpaVersion = DEFAULT_OPA_VERSION,
): (i: number) => Outcome {
  const policies = compilePolicies([{ file: 'p.rego', source: oracleModule(expressions) }], {
    builtins: createStandardBuiltins({ opaVersion }),
    version: 'v1',
    opaVersion,
  });
  return (i) => {
    try {
      const v = policies.evaluate(`oracle.r${i}`, input as never, { strict: true });
      return v === undefined ? { undefined: true } : { value: JSON.parse(writeJson(v)) };
    } catch (e) {
      if (e instanceof RegoError) return { error: e.code, message: e.message };
      throw e;
    }
  };
}

/** A running OPA server holding {@link oracleModule}. */
export interface OpaOracle {
  /** OPA's outcome for rule `r<i>`. */
  outcome(i: number, input?: unknown): Promise<Outcome>;
  /** Stops the server and removes its files. */
  close(): void;
}

/**
 * Starts OPA (`version`, installed by `test/peers/opa.sh`) on a free loopback port with the rules.
 * @example const oracle = await startOpaOracle('v1.15.2', ['count([1])']);
 */
export async function startOpaOracle(version: string, expressions: readonly string[]): Promise<OpaOracle> {
  const binary = ensurePeer('opa', [version]);
  const dir = mkdtempSync(path.join(tmpdir(), 'opa-oracle-'));
  writeFileSync(path.join(dir, 'p.rego'), oracleModule(expressions));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    binary,
    ['run', '--server', '--addr', `127.0.0.1:${port}`, path.join(dir, 'p.rego')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const close = () => {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  let stderr = '';
  server.stdout?.on('data', (c) => {
    stderr += String(c);
  });
  server.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) {
      close();
      throw new Error(`opa run exited: ${stderr}`);
    }
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch (e) {
      if (tries > 300) {
        close();
        throw e;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async outcome(i, input = {}) {
      const response = await fetch(`${base}/v1/data/oracle/r${i}?strict-builtin-errors=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      const body = (await response.json()) as {
        result?: unknown;
        errors?: { code: string; message: string }[];
      };
      if (body.errors?.[0]) return { error: body.errors[0].code, message: body.errors[0].message };
      return 'result' in body ? { value: body.result } : { undefined: true };
    },
    close,
  };
}
