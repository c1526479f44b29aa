/**
 * Built-in expressions evaluated by the engine and by the real OPA of a given release, results
 * and error kinds compared. One OPA server answers every expression (one process spawn), each as
 * its own rule queried with `strict-builtin-errors`, so an error in one expression never hides
 * the others; the engine compiles the same module with the built-ins of the same release.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../../engine/rego/builtins/index.ts';
import { writeJson } from '../../engine/rego/builtins/json-text.ts';
import { RegoError } from '../../engine/rego/errors.ts';
import type { OpaVersion } from '../../engine/rego/opa-version.ts';
import { compilePolicies } from '../../engine/rego/policy-set.ts';
import { freePort } from './free-port.ts';
import { ensurePeer } from './peers.ts';

/** What an expression gave: a value, an error (code and message) or nothing. */
type Outcome = { value: unknown } | { error: string; message: string } | { undefined: true };

/** A set of expressions to compare and the input they read. */
export interface BuiltinCaseSet {
  /** Title of the `describe` block. */
  readonly title: string;
  /** The OPA release both sides follow. */
  readonly opaVersion: OpaVersion;
  /** Rego expressions (Rego v1), each the value of one rule. */
  readonly expressions: readonly string[];
  /** The input document both sides evaluate with. */
  readonly input: unknown;
}

/** Starts `opa run --server` on a free loopback port with `file`; resolves its base URL when healthy. */
async function startOpa(binary: string, file: string): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(binary, ['run', '--server', '--addr', `127.0.0.1:${port}`, file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`opa run exited: ${output}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { server, base };
    } catch (e) {
      if (tries > 300) throw e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Defines one test per expression comparing the engine with the real OPA of `cases.opaVersion`.
 * @example defineBuiltinComparison({ title: 'uri built-ins', opaVersion: 'v1.22.2', expressions: ['uri.parse("x:y")'], input: {} });
 */
export function defineBuiltinComparison(cases: BuiltinCaseSet): void {
  const { opaVersion, expressions, input } = cases;
  const module = `package interop\nimport rego.v1\n${expressions.map((e, i) => `r${i} := ${e}`).join('\n')}\n`;
  const policies = compilePolicies([{ file: 'p.rego', source: module }], {
    builtins: createStandardBuiltins({ opaVersion }),
    version: 'v1',
    opaVersion,
  });

  function engineOutcome(i: number): Outcome {
    try {
      const v = policies.evaluate(`interop.r${i}`, input, { strict: true });
      return v === undefined ? { undefined: true } : { value: JSON.parse(writeJson(v)) };
    } catch (e) {
      if (e instanceof RegoError) return { error: e.code, message: e.message };
      throw e;
    }
  }

  let opa: ChildProcess | undefined;
  let base = '';
  let dir = '';

  async function opaOutcome(i: number): Promise<Outcome> {
    const response = await fetch(`${base}/v1/data/interop/r${i}?strict-builtin-errors=true`, {
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
  }

  describe(cases.title, () => {
    beforeAll(async () => {
      const binary = ensurePeer('opa', [opaVersion]);
      dir = mkdtempSync(path.join(tmpdir(), 'opa-interop-'));
      writeFileSync(path.join(dir, 'p.rego'), module);
      ({ server: opa, base } = await startOpa(binary, path.join(dir, 'p.rego')));
    });

    afterAll(() => {
      opa?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it.each(expressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
      const engine = engineOutcome(i);
      const reference = await opaOutcome(i);
      if ('error' in reference && 'error' in engine) {
        expect(engine.error).toBe(reference.error);
        expect(engine.message).toContain(reference.message);
      } else expect(engine).toEqual(reference);
    });
  });
}
