/**
 * The real OPA as oracle: `opa run --server` processes on loopback for a whole batch (spawning
 * `opa eval` per program would cost a process start each on a busy machine) — one for Rego v1
 * modules, one started with `--v0-compatible` for v0 modules. Each program's base documents and
 * module are loaded, evaluated through the Data API (the same evaluator as `opa eval`), then
 * removed, so one program's compile error never affects another's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../support/free-port.ts';

/** What OPA answered: a result (`undefined` when undefined) or the code of its first error. */
export type OpaAnswer =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'error'; readonly code: string; readonly message: string };

/** How a program is loaded and queried. */
export interface OracleRun {
  /** Module syntax (default `v1`). */
  readonly regoVersion?: 'v0' | 'v1';
  /** Strict built-in errors (default true). */
  readonly strict?: boolean;
  /** Base documents to load first, each at its path below `data`. */
  readonly documents?: readonly { readonly path: readonly string[]; readonly value: unknown }[];
}

/** A running OPA server. */
export interface OpaOracle {
  /**
   * Loads the base documents and `source`, evaluates each of `refs` (paths below `data`) with
   * `input`, unloads them. A module OPA refuses gives its compile error for every ref.
   */
  evaluate(source: string, refs: readonly string[], input: unknown, run?: OracleRun): Promise<OpaAnswer[]>;
  /** Stops the servers. */
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

interface OpaProcess {
  readonly base: string;
  readonly child: ChildProcess;
}

async function startProcess(opaPath: string, extra: readonly string[]): Promise<OpaProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    opaPath,
    ['run', '--server', '--addr', `127.0.0.1:${port}`, '--log-level', 'error', ...extra],
    // OPA's log (and the stack of a panic it recovers from) would drown the report; a panic
    // shows as a closed connection, answered `opa_panic`.
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  await waitForHealth(base, child);
  return { base, child };
}

/** Stops OPA: SIGTERM, then SIGKILL if it has not exited within 2 s (its graceful shutdown waits). */
function stopProcess({ child }: OpaProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** How long one request may take before OPA is taken to be stuck on it. */
const REQUEST_TIMEOUT_MS = 30_000;

const dataUrl = (base: string, path: readonly string[]) =>
  `${base}/v1/data${path.map((p) => `/${encodeURIComponent(p)}`).join('')}`;

async function query(base: string, ref: string, input: unknown, strict: boolean): Promise<OpaAnswer> {
  const path = ref === '' ? [] : ref.split('.');
  let post: Response;
  try {
    post = await fetch(`${dataUrl(base, path)}${strict ? '?strict-builtin-errors=true' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') return { kind: 'error', code: 'opa_timeout', message: '' };
    return { kind: 'error', code: 'opa_panic', message: String((e as Error).cause ?? e) };
  }
  const body = (await post.json()) as OpaErrorBody & { result?: unknown };
  return post.ok ? { kind: 'result', value: body.result } : errorOf(body);
}

/**
 * Starts OPA from the binary at `opaPath` on free loopback ports (a v1 and a v0-compatible server).
 * @example const opa = await startOpaOracle(ensurePeer('opa', ['v1.15.2']));
 */
export async function startOpaOracle(opaPath: string): Promise<OpaOracle> {
  const flags = { v1: [], v0: ['--v0-compatible'] } as const;
  const servers = { v1: await startProcess(opaPath, flags.v1), v0: await startProcess(opaPath, flags.v0) };
  let counter = 0;
  const send = (url: string, init: RequestInit) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return {
    async evaluate(source, refs, input, run = {}) {
      const version = run.regoVersion ?? 'v1';
      const { base } = servers[version];
      const id = `program-${counter++}`;
      const documents = run.documents ?? [];
      try {
        for (const d of documents) {
          const put = await send(dataUrl(base, d.path), { method: 'PUT', body: JSON.stringify(d.value) });
          if (!put.ok) throw new Error(`OPA refused base document ${d.path.join('.')}: ${await put.text()}`);
        }
        const put = await send(`${base}/v1/policies/${id}`, { method: 'PUT', body: source });
        if (!put.ok) {
          const refused = errorOf((await put.json()) as OpaErrorBody);
          return refs.map(() => refused);
        }
        return await Promise.all(refs.map((ref) => query(base, ref, input, run.strict ?? true)));
      } finally {
        try {
          await send(`${base}/v1/policies/${id}`, { method: 'DELETE' });
          for (const d of documents) await send(dataUrl(base, d.path.slice(0, 1)), { method: 'DELETE' });
        } catch {
          // OPA is stuck (an evaluation that never ends holds its store): start a fresh one.
          await stopProcess(servers[version]);
          servers[version] = await startProcess(opaPath, flags[version]);
        }
      }
    },
    async stop() {
      await Promise.all([stopProcess(servers.v1), stopProcess(servers.v0)]);
    },
  };
}
