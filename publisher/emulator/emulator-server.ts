/**
 * The emulated Confluence as an HTTP (or HTTPS) server on 127.0.0.1: authentication (Basic API
 * token or Bearer), the REST API v1 and (as on Cloud) v2 routes under a context path, Cloud's and
 * Data Center's differences (v2 or not, the move endpoint or not, Bearer on v1 content answered
 * 410 Gone), fault injection and a log of every request for assertions.
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
import { routeV2 } from './emulator-routes-v2.ts';
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
  /** Requests a new page stays out of title search, CQL and REST v2 lists (default 0). */
  readonly searchLag?: number;
  /** The REST APIs served (default `['v1']`; Cloud serves both, Data Center only v1). */
  readonly apis?: ReadonlyArray<'v1' | 'v2'>;
  /** Whether `PUT /rest/api/content/{id}/move/…` exists (default true; Data Center has none). */
  readonly moveEndpoint?: boolean;
  /** Whether Bearer requests to v1 content endpoints answer 410 Gone, as on Cloud (default false). */
  readonly bearerV1Gone?: boolean;
  /** Serve this existing wiki's contents (e.g. a wiki brought back after {@link ConfluenceEmulator.kill}). */
  readonly state?: EmulatorState;
}

/** Confluence Cloud: REST v2 beside what remains of v1; OAuth (Bearer) on v1 content is 410 Gone; the index lags. */
export const CLOUD: EmulatorOptions = Object.freeze({
  apis: ['v1', 'v2'] as const,
  bearerV1Gone: true,
  searchLag: 3,
});

/** Confluence Data Center: REST v1 only, no page-move endpoint. */
export const DATA_CENTER: EmulatorOptions = Object.freeze({ apis: ['v1'] as const, moveEndpoint: false });

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
  /** Saves a new version of a page as a person in the editor would (no publisher message). */
  editPage(id: string, change: { body?: string; title?: string }): EmulatedPage;
  /** Stops answering: every connection is refused from now on (the server is closed). */
  kill(): Promise<void>;
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

/** v1 content endpoints Cloud removed (RFC-19) for OAuth: content CRUD, search, children, properties, spaces. */
const V1_CONTENT_REMOVED =
  /^\/rest\/api\/(space\/[^/]+|content(\/search|\/\d+(\/child\/page|\/property(\/[^/]+)?)?)?)$/;

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
  const state = options.state ?? new EmulatorState();
  state.visibilityLag = options.visibilityLag ?? 0;
  state.searchLag = options.searchLag ?? 0;
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
    const v2 = path.startsWith('/api/v2/');
    if (v2 && !(options.apis ?? ['v1']).includes('v2')) {
      send(404, new EmulatorError(404, `No route for ${method} ${path}`).body());
      return;
    }
    if (
      !v2 &&
      options.bearerV1Gone &&
      request.headers.authorization?.startsWith('Bearer ') &&
      V1_CONTENT_REMOVED.test(path)
    ) {
      send(410, new EmulatorError(410, 'This deprecated endpoint has been removed').body());
      return;
    }
    if (options.moveEndpoint === false && /^\/rest\/api\/content\/\d+\/move\//.test(path)) {
      send(404, new EmulatorError(404, `No route for ${method} ${path}`).body());
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
      const routeRequest = { method, path, query: url.searchParams, headers: request.headers, body };
      const settings = { base, contextPath, maxLimit: options.maxLimit ?? 100 };
      const result = v2
        ? await routeV2(state, routeRequest, settings)
        : await route(state, routeRequest, settings);
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
        0,
      ),
    editPage: (id, change) => {
      const page = state.page(id, false);
      return state.updatePage(
        id,
        {
          title: change.title ?? page.title,
          spaceKey: page.spaceKey,
          body: change.body ?? page.body,
          ...(page.parentId ? { parentId: page.parentId } : {}),
        },
        page.version + 1,
        false,
      );
    },
    kill: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    injectFault: (rule) => faults.add(rule),
    pendingFaults: () => faults.pending(),
    clearRequests: () => {
      requests.length = 0;
    },
    writes: () => requests.filter((entry) => entry.method !== 'GET'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
