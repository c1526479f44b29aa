/**
 * The real OPA as oracle: one `opa run --server` process on loopback for a whole batch (spawning
 * `opa eval` per program would cost a process start each on a busy machine). Each program is
 * loaded as its own policy, evaluated through the Data API (the same evaluator as `opa eval`),
 * then removed, so one program's compile error never affects another's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../support/free-port.ts';

/** What OPA answered: a result (`undefined` when undefined) or the code of its first error. */
export type OpaAnswer =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'error'; readonly code: string; readonly message: string };

/** A running OPA server. */
export interface OpaOracle {
  /**
   * Loads `source`, evaluates each of `refs` (paths below `data`) with `input` and strict built-in
   * errors, unloads it. A module OPA refuses gives its compile error for every ref.
   */
  evaluate(source: string, refs: readonly string[], input: unknown): Promise<OpaAnswer[]>;
  /** Stops the server. */
  stop(): Promise<void>;
}

interface OpaErrorBody {
  code?: string;
  message?: string;
  errors?: { code?: string; message?: string }[];
}

function errorOf(body: OpaErrorBody): OpaAnswer {
  const first = body.errors?.[0];
  return {
    kind: 'error',
    code: first?.code ?? body.code ?? 'unknown',
    message: first?.message ?? body.message ?? '',
  };
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
 * Starts `opa run --server` from the binary at `opaPath` on a free loopback port.
 * @example const opa = await startOpaOracle(ensurePeer('opa', ['v1.15.2']));
 */
export async function startOpaOracle(opaPath: string): Promise<OpaOracle> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(opaPath, ['run', '--server', '--addr', `127.0.0.1:${port}`, '--log-level', 'error'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base, child);
  let counter = 0;
  return {
    async evaluate(source, refs, input) {
      const id = `program-${counter++}`;
      const put = await fetch(`${base}/v1/policies/${id}`, { method: 'PUT', body: source });
      if (!put.ok) {
        const refused = errorOf((await put.json()) as OpaErrorBody);
        return refs.map(() => refused);
      }
      try {
        const answers: OpaAnswer[] = [];
        for (const ref of refs) {
          const post = await fetch(`${base}/v1/data/${ref.replaceAll('.', '/')}?strict-builtin-errors=true`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ input }),
          });
          const body = (await post.json()) as OpaErrorBody & { result?: unknown };
          answers.push(post.ok ? { kind: 'result', value: body.result } : errorOf(body));
        }
        return answers;
      } finally {
        await fetch(`${base}/v1/policies/${id}`, { method: 'DELETE' });
      }
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
