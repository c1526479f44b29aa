/**
 * A real Topaz on this machine, from the user's own `topazd` (`TOPAZD`, else `topazd` on `PATH`),
 * configured from `deploy/topaz/config.yaml` (see topaz-config.ts) with the compose stack's
 * certificates made by the same `deploy/certs/generate-certs.sh`, its policies from `policies/`
 * and the directory manifest set through the directory's REST gateway — as compose's
 * `topaz-manifest` job sets it. Used by `npm run start:topaz`, `npm run test:topaz` and the bench.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { StackError } from './stack-error.ts';
import { COMPOSE_TOPAZ_PORTS, localTopazConfig, type TopazPorts } from './topaz-config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What to say when there is no `topazd`. */
export const TOPAZ_INSTALL_HINT =
  'no topazd found: set TOPAZD to the path of a topazd binary (Topaz 0.33.16) or put topazd on PATH. ' +
  'Topaz publishes release binaries and container images (https://www.topaz.sh/docs/getting-started); ' +
  'topazd is the server inside them.';

/** The `topazd` to run: `TOPAZD` when set (it must exist), else the first on `PATH`; `undefined` when none. */
export function findTopazd(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (env.TOPAZD) return executable(env.TOPAZD) ? path.resolve(env.TOPAZD) : undefined;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, 'topazd'))) return path.join(dir, 'topazd');
  }
  return undefined;
}

/** Options of {@link startTopaz}. */
export interface TopazServerOptions {
  readonly topazd: string;
  /** Holds `config.yaml`, `db/`, `tls/`, `ca/` and `topaz.log`; kept between runs. */
  readonly dataDir: string;
  /** Default: the repository's `policies/`. */
  readonly policiesDir?: string;
  /** Default: `manifest.yaml` in `policiesDir`; `null` sets none (Topaz starts without a model). */
  readonly manifestFile?: string | null;
  /** Default: the compose ports (8282, 8383, 9292, 9393, 9494). */
  readonly ports?: TopazPorts;
  /** Longest wait for Topaz to answer with its policies loaded (default 60 s). */
  readonly startTimeoutMs?: number;
}

/** A running Topaz. */
export interface TopazServer {
  /** Authorizer gRPC `127.0.0.1:<port>`. */
  readonly authorizerUrl: string;
  /** Directory gRPC `127.0.0.1:<port>`. */
  readonly directoryUrl: string;
  /** The CA that signed Topaz's certificate. */
  readonly caFile: string;
  readonly ports: TopazPorts;
  readonly logFile: string;
  /** Sets a directory manifest (YAML) through the directory gateway. */
  setManifest(yaml: string): Promise<void>;
  /** Stops Topaz (SIGTERM, then SIGKILL after 5 s); safe to call twice. */
  stop(): Promise<void>;
}

function gatewayCall(
  port: number,
  ca: Buffer,
  method: string,
  route: string,
  body?: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: route,
        ca,
        servername: 'localhost',
        headers: body === undefined ? {} : { 'content-type': 'application/yaml' },
        timeout: 5_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 300)
            reject(new Error(`${method} ${route}: ${res.statusCode} ${text}`));
          else resolve(text);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${route}: no answer in 5 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function ensureCertificates(dataDir: string): Promise<{ tlsDir: string; caFile: string }> {
  const tlsDir = path.join(dataDir, 'tls');
  const caDir = path.join(dataDir, 'ca');
  await mkdir(tlsDir, { recursive: true });
  await mkdir(caDir, { recursive: true });
  const env = {
    ...process.env,
    CA_DIR: caDir,
    TLS_DIR: tlsDir,
    KEYCLOAK_UID: String(process.getuid?.() ?? 0),
    KEYCLOAK_GID: String(process.getgid?.() ?? 0),
  };
  try {
    await promisify(execFile)('sh', [path.join(ROOT, 'deploy/certs/generate-certs.sh')], { env });
  } catch (cause) {
    throw new StackError(
      'start_failed',
      `cannot make Topaz's certificates (openssl needed): ${String(cause)}`,
      {
        cause,
      },
    );
  }
  return { tlsDir, caFile: path.join(caDir, 'ca.crt') };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts Topaz and waits until it answers with its policies loaded, then sets the manifest.
 *
 * @throws {StackError} `start_failed` with the end of Topaz's log when it exits or does not answer in time
 * @example
 * const topaz = await startTopaz({ topazd: findTopazd()!, dataDir: '.data/topaz' });
 * // topaz.authorizerUrl === '127.0.0.1:8282'
 * await topaz.stop();
 */
export async function startTopaz(options: TopazServerOptions): Promise<TopazServer> {
  const dataDir = path.resolve(options.dataDir);
  const policiesDir = path.resolve(options.policiesDir ?? path.join(ROOT, 'policies'));
  const manifestFile =
    options.manifestFile === undefined ? path.join(policiesDir, 'manifest.yaml') : options.manifestFile;
  const ports = options.ports ?? COMPOSE_TOPAZ_PORTS;
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dbDir, { recursive: true });
  const { tlsDir, caFile } = await ensureCertificates(dataDir);
  const configFile = path.join(dataDir, 'config.yaml');
  const composeConfig = await readFile(path.join(ROOT, 'deploy/topaz/config.yaml'), 'utf8');
  await writeFile(configFile, localTopazConfig(composeConfig, { ports, dbDir, tlsDir, policiesDir }));
  const ca = await readFile(caFile);
  const logFile = path.join(dataDir, 'topaz.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(options.topazd, ['run', '--config-file', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 8));
    });
  }
  const exit = exited(child);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(timer);
      }
      log.end();
    })();
    return stopped;
  };
  const fail = async (why: string): Promise<never> => {
    await stop();
    throw new StackError(
      'start_failed',
      `Topaz (${options.topazd}) ${why}; its log (${logFile}) ends:\n${tail.join('\n')}`,
    );
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) return fail(`exited with code ${child.exitCode}`);
    const policies = await gatewayCall(ports.authorizerGateway, ca, 'GET', '/api/v2/policies').catch(
      () => '',
    );
    if (policies.includes('"result"') && policies.includes('"id"')) break;
    if (Date.now() > deadline) return fail('did not answer with its policies loaded in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const setManifest = async (yaml: string) => {
    await gatewayCall(ports.directoryGateway, ca, 'POST', '/api/v3/directory/manifest', yaml);
  };
  try {
    if (manifestFile !== null) await setManifest(await readFile(manifestFile, 'utf8'));
  } catch (error) {
    return fail(`did not take the manifest ${manifestFile}: ${String(error)}`);
  }
  return {
    authorizerUrl: `127.0.0.1:${ports.authorizer}`,
    directoryUrl: `127.0.0.1:${ports.directory}`,
    caFile,
    ports,
    logFile,
    setManifest,
    stop,
  };
}
