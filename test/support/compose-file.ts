/**
 * compose.yaml read as `docker compose` reads it (YAML merge keys applied, `${…}` variables
 * replaced), for the tests that keep the full stack correct without a Docker engine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Environment variables by name. */
export type Env = Record<string, string>;

/** One use of a variable in compose.yaml: its name and operator (`:?`, `?`, `:-`, `-` or none). */
export interface VariableUse {
  readonly name: string;
  readonly operator: string;
}

/** The parts of a compose service the tests read. */
export interface ComposeService {
  image?: string;
  build?: { target?: string };
  command?: string[];
  environment?: Env;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  networks?: { default?: { aliases?: string[] } };
}

/** The repository's root folder. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A file of the repository, as text. */
export function repositoryFile(file: string): string {
  return readFileSync(path.join(repositoryRoot, file), 'utf8');
}

/**
 * Compose's interpolation of one string: `$$`, `$NAME`, `${NAME}`, `${NAME:?message}`,
 * `${NAME?message}`, `${NAME:-default}`, `${NAME-default}`; each use is appended to `uses`.
 *
 * @throws {Error} `NAME: message` when a required variable is missing, as compose refuses to start
 */
export function interpolate(text: string, env: Env, uses: VariableUse[]): string {
  const variable = /\$(?:\$|\{([A-Za-z_]\w*)(?:(:?[?-])([^}]*))?\}|([A-Za-z_]\w*))/g;
  return text.replace(variable, (match, braced?: string, operator = '', argument = '', bare?: string) => {
    if (match === '$$') return '$';
    const name = (braced ?? bare) as string;
    uses.push({ name, operator });
    const value = env[name];
    const missing = operator.startsWith(':') ? !value : value === undefined;
    if (missing && operator.endsWith('?')) throw new Error(`${name}: ${argument}`);
    if (missing && operator.endsWith('-')) return argument;
    return value ?? '';
  });
}

/**
 * compose.yaml resolved against `env`.
 *
 * @param uses receives every variable use (default: discarded)
 * @example
 * const compose = loadCompose(env);
 * compose.service('app').environment?.TOPAZ_URL; // 'topaz:8282'
 */
export function loadCompose(env: Env, uses: VariableUse[] = []) {
  const resolve = (node: unknown): unknown => {
    if (typeof node === 'string') return interpolate(node, env, uses);
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  const file = resolve(parse(repositoryFile('compose.yaml'), { merge: true })) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const service = (name: string): ComposeService => {
    const found = file.services[name];
    if (!found) throw new Error(`compose.yaml has no service ${name}`);
    return found;
  };
  return { ...file, service };
}

/** Where `source` (a `./path` or a named volume) is mounted in `service`. */
export function mountPoint(service: ComposeService, source: string): string {
  const target = service.volumes?.map((v) => v.split(':')).find(([from]) => from === source)?.[1];
  if (!target) throw new Error(`${source} is not mounted`);
  return target;
}

/** The variables `deploy/generate-env.sh` writes: fresh random secrets, as a developer gets them. */
export function generatedEnvironment(): Env {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-env-'));
  try {
    const file = path.join(folder, '.env');
    execFileSync('sh', [path.join(repositoryRoot, 'deploy/generate-env.sh'), file]);
    const lines = readFileSync(file, 'utf8').matchAll(/^([A-Z_]+)=(.*)$/gm);
    return Object.fromEntries([...lines].map(([, name, value]) => [name, value]));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
