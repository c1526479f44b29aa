/**
 * The emulated Confluence as an HTTP (or HTTPS) server on 127.0.0.1: authentication (Basic API
 * token or Bearer), the REST API v1 routes under a context path, fault injection and a log of
 * every request for assertions.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { EmulatorError } from './emulator-error.ts';
import { route } from './emulator-routes.ts';
import { type EmulatedPage, type EmulatedSpace, EmulatorState } from './emulator-state.ts';
import { FaultPlan, type FaultRule } from './faults.ts';

/** Options of {@link startConfluenceEmulator}. */
export interface EmulatorOptions {
  /** Port on 127.0.0.1 (default 0: any free port). */
  readonly port?: number;
  /** Context path the API lives under (default `/wiki`, as on Confluence Cloud). */
  readonly contextPath?: string;
  /** Serve HTTPS with this key and certificate (PEM). */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Accepted Basic credentials: user name → API token (default none). */
  readonly users?: Readonly<Record<string, string>>;
  /** Accepted Bearer tokens (default none). */
  readonly bearerTokens?: readonly string[];
  /** Largest page size honoured for lists (default 100). */
  readonly maxLimit?: number;
  /** Requests a new page stays invisible to GET by id and as a parent (default 0). */
  readonly visibilityLag?: number;
}

/** One request as the emulator saw it. */
export interface RequestRecord {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number | 'dropped';
}

/** A running emulator. */
export interface ConfluenceEmulator {
  /** Base address to use as `host_url` (origin + context path). */
  readonly url: string;
  readonly state: EmulatorState;
  /** Every request so far. */
  readonly requests: readonly RequestRecord[];
  addSpace(key: string, name?: string): EmulatedSpace;
  /** Adds a page directly (visible at once), as if someone had created it in the wiki. */
  addPage(page: { space: string; title: string; parentId?: string; body?: string }): EmulatedPage;
  injectFault(rule: FaultRule): void;
  /** Fault hits not used yet. */
  pendingFaults(): number;
  clearRequests(): void;
  /** Requests that could change state (every method but GET). */
  writes(): RequestRecord[];
  close(): Promise<void>;
}

function authorized(header: string | undefined, options: EmulatorOptions): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme === 'Bearer') return (options.bearerTokens ?? []).includes(value);
  if (scheme !== 'Basic') return false;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = decoded.slice(0, colon);
  return (
    colon > 0 &&
    Object.hasOwn(options.users ?? {}, user) &&
    options.users?.[user] === decoded.slice(colon + 1)
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts the emulator.
 *
 * @example
 * const wiki = await startConfluenceEmulator({ port: await freePort(), users: { 'me@example.com': 'token' } });
 * const space = wiki.addSpace('DOCS');
 */
export async function startConfluenceEmulator(options: EmulatorOptions = {}): Promise<ConfluenceEmulator> {
  const state = new EmulatorState();
  state.visibilityLag = options.visibilityLag ?? 0;
  const faults = new FaultPlan();
  const requests: RequestRecord[] = [];
  const contextPath = (options.contextPath ?? '/wiki').replace(/\/+$/, '');
  let base = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://emulator.invalid');
    const method = request.method ?? 'GET';
    const path = url.pathname.startsWith(`${contextPath}/`)
      ? url.pathname.slice(contextPath.length)
      : undefined;
    const body = await readBody(request);
    const record = (status: number | 'dropped') =>
      requests.push({ method, path: path ?? url.pathname, query: url.search, status });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record(status);
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
      response.end(JSON.stringify(payload));
    };
    state.requestCount += 1;
    if (path === undefined) {
      record(404);
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
      return;
    }
    if (!authorized(request.headers.authorization, options)) {
      send(401, new EmulatorError(401, 'Unauthorized; scope does not match').body(), {
        'www-authenticate': 'Basic realm="Confluence"',
      });
      return;
    }
    const fault = faults.take(method, path);
    if (fault && 'status' in fault) {
      send(
        fault.status,
        new EmulatorError(fault.status, `Injected failure ${fault.status}`).body(),
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
      return;
    }
    if (fault && 'drop' in fault && fault.drop === 'before') {
      record('dropped');
      request.socket.destroy();
      return;
    }
    if (fault && 'before' in fault) fault.before();
    if (fault && 'delayMs' in fault)
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
    try {
      const result = await route(
        state,
        { method, path, query: url.searchParams, headers: request.headers, body },
        { base, maxLimit: options.maxLimit ?? 100 },
      );
      if (fault && 'drop' in fault) {
        record('dropped');
        request.socket.destroy();
        return;
      }
      send(200, result);
    } catch (error) {
      if (!(error instanceof EmulatorError)) throw error;
      send(error.status, error.body());
    }
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}${contextPath}`;

  return {
    url: base,
    state,
    requests,
    addSpace: (key, name = key) => state.addSpace(key, name),
    addPage: (page) =>
      state.createPage(
        {
          spaceKey: page.space,
          title: page.title,
          body: page.body ?? '<p></p>',
          ...(page.parentId ? { parentId: page.parentId } : {}),
        },
        0,
      ),
    injectFault: (rule) => faults.add(rule),
    pendingFaults: () => faults.pending(),
    clearRequests: () => {
      requests.length = 0;
    },
    writes: () => requests.filter((entry) => entry.method !== 'GET'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
