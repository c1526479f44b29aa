/**
 * The HTTP client of the application benchmark: GETs with a session cookie over a keep-alive
 * agent, each answer's status (and a list's length) checked. A GET sent on a kept-alive connection
 * that the server has just closed (its idle timeout passed while other variants' rounds ran) fails
 * with ECONNRESET before any answer (`request.reusedSocket`); it is sent once more, on a new
 * connection of its own, as Node's documentation advises — GET only, since a GET repeated changes
 * nothing on the server, and at most once, so a server that really resets its connections still
 * fails the benchmark. Every retry is counted in a {@link RetryCount}, which the benchmark prints.
 */
import { type Agent, request } from 'node:http';

/** GETs sent again after a kept-alive connection was found closed. */
export interface RetryCount {
  retried: number;
}

/** What a GET is checked against: the session cookie, and the item count of a list when given. */
export interface GetOptions {
  readonly port: number;
  readonly path: string;
  readonly cookie: string;
  readonly agent: Agent;
  readonly retries: RetryCount;
  /** The length a JSON array answer must have. */
  readonly items?: number;
}

function get(options: GetOptions, agent: Agent | false): Promise<void> {
  const { port, path, cookie, items } = options;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { cookie }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${path}: status ${res.statusCode}`));
        if (items !== undefined) {
          const length = (JSON.parse(Buffer.concat(chunks).toString()) as unknown[]).length;
          if (length !== items) return reject(new Error(`GET ${path}: ${length} items, expected ${items}`));
        }
        resolve();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (agent !== false && req.reusedSocket && error.code === 'ECONNRESET') {
        options.retries.retried++;
        // A connection of its own (no pool), so the retry cannot land on another stale one.
        get(options, false).then(resolve, (again: Error) =>
          reject(
            new Error(`GET ${path} failed again on a new connection: ${again.message}`, { cause: again }),
          ),
        );
      } else reject(error);
    });
    req.end();
  });
}

/**
 * A function sending one checked GET per call.
 *
 * @example
 * const retries = { retried: 0 };
 * const send = checkedGet({ port, path: '/api/documents?limit=1000', cookie, agent, retries, items: 1000 });
 * await send();
 */
export function checkedGet(options: GetOptions): () => Promise<void> {
  return () => get(options, options.agent);
}
