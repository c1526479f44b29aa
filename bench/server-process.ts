/**
 * The processes of the HTTP benchmarks: a server variant alone in a process of its own
 * (`http-server.ts`), and the load generator (`http-load-client.ts`), both run through tsx.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLIENT = fileURLToPath(new URL('./http-load-client.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('./http-server.ts', import.meta.url));

/** A server variant running in its own process. */
export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  readonly child: ChildProcess;
}

/**
 * Starts `http-server.ts` for the variant `name` (with `nodeOptions` such as `--cpu-prof`);
 * resolves once it listens.
 */
export function startServer(name: string, nodeOptions: readonly string[] = []): Promise<ServerProcess> {
  const child = fork(SERVER, [name], {
    execArgv: ['--import', 'tsx', ...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server "${name}" exited (${code}) before listening`)));
    child.once('message', ({ port }: { port: number }) => {
      child.removeAllListeners('exit');
      resolve({ name, pid: child.pid!, port, child });
    });
  });
}

/** Ends a server process (it closes its server and exits; a CPU profile is written then). */
export function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.disconnect();
  });
}

/** Starts the load generator; each IPC message to it is one load run (`http-load-client.ts`). */
export function startLoadClient(): ChildProcess {
  return fork(CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}
