/**
 * The real peers the interop tests run against (OPA, Keycloak, …), each installed on first
 * use by its script in `test/peers/` and cached in GATEHOUSE_PEERS_DIR (~/.cache/gatehouse-peers).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const peersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../peers');

/**
 * Installs a peer when it is missing and returns the path its installer prints.
 * @param name the installer's name (`opa` runs `test/peers/opa.sh`)
 * @param args arguments for the installer, e.g. a version
 * @example const opa = ensurePeer('opa', ['v1.15.2']);
 */
export function ensurePeer(name: string, args: readonly string[] = []): string {
  const output = execFileSync('bash', [path.join(peersDir, `${name}.sh`), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 20 * 60_000,
  });
  const lines = output.trim().split('\n');
  const last = lines[lines.length - 1];
  if (!last) throw new Error(`test/peers/${name}.sh printed no path`);
  return last;
}
