/**
 * The real OPA as oracle: `opa run --server` processes on loopback for a whole batch (spawning
 * `opa eval` per program would cost a process start each on a busy machine) — one for Rego v1
 * modules, one started with `--v0-compatible` for v0 modules. Each program's base documents and
 * module are loaded, evaluated through the Data API (the same evaluator as `opa eval`), then
 * removed, so one program's compile error never affects another's.
 *
 * A program OPA does not finish within its deadline, or on which OPA's memory passes its limit,
 * is answered `stalled`: the server is killed (an evaluation OPA does not cancel would go on
 * eating memory and holding its store) and a fresh one started for the next program.
 */
import {
  killOpaProcess,
  type OpaProcess,
  residentBytes,
  startOpaProcess,
  stopOpaProcess,
} from './opa-process.ts';

/**
 * What OPA answered: a result (`undefined` when undefined), the code of its first error, or
 * `stalled` when it gave no answer within the program's deadline or memory limit.
 */
export type OpaAnswer =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'error'; readonly code: string; readonly message: string }
  | { readonly kind: 'stalled'; readonly reason: string };

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
   * `input`, unloads them. A module OPA refuses gives its compile error for every ref; a program
   * OPA stalls on gives `stalled` for every ref.
   */
  evaluate(source: string, refs: readonly string[], input: unknown, run?: OracleRun): Promise<OpaAnswer[]>;
  /** Stops the servers. */
  stop(): Promise<void>;
}

/** Limits on one program (loading, every query, unloading). */
export interface OracleLimits {
  /** Milliseconds OPA may take over one program (default 20 s). */
  readonly deadlineMs?: number;
  /** Resident bytes OPA's server may reach during one program (default 2 GiB). */
  readonly memoryBytes?: number;
}

const DEFAULT_DEADLINE_MS = 20_000;
const DEFAULT_MEMORY_BYTES = 2 * 1024 ** 3;
/** How often OPA's memory is read while a program runs. */
const MEMORY_POLL_MS = 250;

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

/** Why a program was given up: thrown through the requests in flight when it is. */
class OpaStall extends Error {
  override readonly name = 'OpaStall';
}

const dataUrl = (base: string, path: readonly string[]) =>
  `${base}/v1/data${path.map((p) => `/${encodeURIComponent(p)}`).join('')}`;

async function query(
  base: string,
  ref: string,
  input: unknown,
  strict: boolean,
  signal: AbortSignal,
): Promise<OpaAnswer> {
  const path = ref === '' ? [] : ref.split('.');
  try {
    const post = await fetch(`${dataUrl(base, path)}${strict ? '?strict-builtin-errors=true' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
      signal,
    });
    const body = (await post.json()) as OpaErrorBody & { result?: unknown };
    return post.ok ? { kind: 'result', value: body.result } : errorOf(body);
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'error', code: 'opa_panic', message: String((e as Error).cause ?? e) };
  }
}

/** Loads, queries and unloads one program; rejects with an {@link OpaStall} once `signal` aborts. */
async function runProgram(
  server: OpaProcess,
  id: string,
  source: string,
  refs: readonly string[],
  input: unknown,
  run: OracleRun,
  signal: AbortSignal,
): Promise<{ answers: OpaAnswer[]; unloaded: boolean }> {
  const { base } = server;
  const send = (url: string, init: RequestInit) => fetch(url, { ...init, signal });
  const documents = run.documents ?? [];
  let answers: OpaAnswer[];
  try {
    for (const d of documents) {
      const put = await send(dataUrl(base, d.path), { method: 'PUT', body: JSON.stringify(d.value) });
      if (!put.ok) throw new Error(`OPA refused base document ${d.path.join('.')}: ${await put.text()}`);
    }
    const put = await send(`${base}/v1/policies/${id}`, { method: 'PUT', body: source });
    if (put.ok) {
      answers = await Promise.all(refs.map((ref) => query(base, ref, input, run.strict ?? true, signal)));
    } else {
      const refused = errorOf((await put.json()) as OpaErrorBody);
      answers = refs.map(() => refused);
    }
  } catch (e) {
    throw signal.aborted ? signal.reason : e;
  }
  try {
    await send(`${base}/v1/policies/${id}`, { method: 'DELETE' });
    for (const d of documents) await send(dataUrl(base, d.path.slice(0, 1)), { method: 'DELETE' });
    return { answers, unloaded: true };
  } catch {
    if (signal.aborted) throw signal.reason;
    // OPA closed the connection (a panic while unloading): the caller starts a fresh one.
    return { answers, unloaded: false };
  }
}

/**
 * Starts OPA from the binary at `opaPath` on free loopback ports (a v1 and a v0-compatible server).
 * @param limits deadline (default 20 s) and memory limit (default 2 GiB) of one program
 * @example const opa = await startOpaOracle(ensurePeer('opa', ['v1.15.2']));
 */
export async function startOpaOracle(opaPath: string, limits: OracleLimits = {}): Promise<OpaOracle> {
  const deadlineMs = limits.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const memoryBytes = limits.memoryBytes ?? DEFAULT_MEMORY_BYTES;
  const flags = { v1: [], v0: ['--v0-compatible'] } as const;
  const servers = {
    v1: await startOpaProcess(opaPath, flags.v1),
    v0: await startOpaProcess(opaPath, flags.v0),
  };
  let counter = 0;
  return {
    async evaluate(source, refs, input, run = {}) {
      const version = run.regoVersion ?? 'v1';
      const server = servers[version];
      const program = new AbortController();
      const giveUp = (reason: string) => {
        if (!program.signal.aborted) program.abort(new OpaStall(reason));
      };
      const deadline = setTimeout(() => giveUp(`no answer within ${deadlineMs / 1000} s`), deadlineMs);
      const memory = setInterval(() => {
        const bytes = residentBytes(server);
        if (bytes !== undefined && bytes > memoryBytes)
          giveUp(`OPA's memory passed ${Math.round(memoryBytes / 1024 ** 2)} MiB`);
      }, MEMORY_POLL_MS);
      try {
        const { answers, unloaded } = await runProgram(
          server,
          `program-${counter++}`,
          source,
          refs,
          input,
          run,
          program.signal,
        );
        if (!unloaded) {
          await stopOpaProcess(server);
          servers[version] = await startOpaProcess(opaPath, flags[version]);
        }
        return answers;
      } catch (e) {
        if (!(e instanceof OpaStall)) throw e;
        await killOpaProcess(server);
        servers[version] = await startOpaProcess(opaPath, flags[version]);
        return refs.map(() => ({ kind: 'stalled', reason: e.message }));
      } finally {
        clearTimeout(deadline);
        clearInterval(memory);
      }
    },
    async stop() {
      await Promise.all([stopOpaProcess(servers.v1), stopOpaProcess(servers.v0)]);
    },
  };
}
