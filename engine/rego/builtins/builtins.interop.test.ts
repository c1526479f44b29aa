/**
 * The built-ins added for OPA parity, evaluated on edge-case arguments by the engine and by the
 * real OPA (v1.15.2, the version Topaz 0.33.16 embeds): results and error kinds must agree. One
 * OPA server answers every expression (one process spawn), each as its own rule queried with
 * `strict-builtin-errors`, so an error in one expression never hides the others.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port.ts';
import { ensurePeer } from '../../../test/support/peers.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../policy-set.ts';
import { expressions, input } from './builtins-interop-cases.ts';
import { writeJson } from './json-text.ts';
import { standardBuiltins } from './registry.ts';

const module = `package interop\nimport rego.v1\n${expressions.map((e, i) => `r${i} := ${e}`).join('\n')}\n`;

type Outcome = { value: unknown } | { error: string; message: string } | { undefined: true };

const policies = compilePolicies([{ file: 'p.rego', source: module }], {
  builtins: standardBuiltins,
  version: 'v1',
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

beforeAll(async () => {
  const binary = ensurePeer('opa', ['v1.15.2']);
  dir = mkdtempSync(path.join(tmpdir(), 'opa-interop-'));
  writeFileSync(path.join(dir, 'p.rego'), module);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const server = spawn(binary, ['run', '--server', '--addr', `127.0.0.1:${port}`, path.join(dir, 'p.rego')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  opa = server;
  let stderr = '';
  const collect = (chunk: unknown) => {
    stderr += String(chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`opa run exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch (e) {
      if (tries > 300) throw e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(() => {
  opa?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

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

describe('added built-ins agree with OPA v1.15.2', () => {
  it.each(expressions.map((e, i) => [i, e] as const))('r%i := %s', async (i) => {
    const engine = engineOutcome(i);
    const reference = await opaOutcome(i);
    if ('error' in reference && 'error' in engine) {
      expect(engine.error).toBe(reference.error);
      expect(engine.message).toContain(reference.message);
    } else expect(engine).toEqual(reference);
  });
});
