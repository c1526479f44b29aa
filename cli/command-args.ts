/**
 * Options shared by several commands, and the checks citty leaves to its commands: unknown
 * options and stray arguments are usage errors (citty would ignore them), a value-taking option
 * given without a value is one, and so is a value outside its choices.
 */
import { OPA_VERSIONS, type OpaVersion } from '@gatehousejs/engine';
import type { ArgsDef } from 'citty';
import { AuthzToolError } from './errors.ts';

/** `--app` and `--config`, as `generate-policies`, `policy-diff` and `policy-map` take them. */
export const APP_ARGS = {
  app: {
    type: 'string',
    valueHint: 'module:export',
    description:
      '(required) the Hono app: a .ts or .js module relative to the current directory and its export (default export name: app); the export may also be a function without parameters returning the app',
  },
  config: {
    type: 'string',
    valueHint: 'module:export',
    description:
      'the authz-tool configuration { policyPathRoot, excludePaths } (default export name: authzToolConfig); default: the --app module\'s "authzToolConfig" export if any, else policy root "webapp" and no exclusions',
  },
} as const satisfies ArgsDef;

/** `--rego-version`, for commands that read policies. */
export const REGO_VERSION_ARG = {
  'rego-version': {
    type: 'string',
    valueHint: 'v0|v1',
    default: 'v0',
    description: 'syntax of policy files that do not "import rego.v1" (v0 as Topaz and OPA 0.x)',
  },
} as const satisfies ArgsDef;

/** `--opa-version`, for commands that evaluate policies. */
export const OPA_VERSION_ARG = {
  'opa-version': {
    type: 'string',
    valueHint: OPA_VERSIONS.join('|'),
    default: OPA_VERSIONS[0],
    description: `the OPA release whose language and built-ins the policies get: ${OPA_VERSIONS[0]} as Topaz 0.33.16, or ${OPA_VERSIONS.slice(1).join(', ')} (uri.parse, strings.split_n, strict semver, d/w/y durations, …)`,
  },
} as const satisfies ArgsDef;

/**
 * The `--opa-version` option's release.
 *
 * @throws {AuthzToolError} `usage` naming the releases
 */
export function opaVersionOption(args: Record<string, unknown>): OpaVersion {
  return choiceOption(args, 'opa-version', OPA_VERSIONS);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Rejects what citty would silently ignore: an unknown option, and more positional arguments
 * than the command declares.
 *
 * @param command the command's name, for the hint (`authz-tool policy-diff --help`)
 * @throws {AuthzToolError} `usage`
 */
export function checkUsage(
  command: string,
  rawArgs: readonly string[],
  argsDef: ArgsDef,
  positionals: readonly string[],
): void {
  const known = new Set(['help', 'h']);
  let declaredPositionals = 0;
  for (const [name, def] of Object.entries(argsDef)) {
    if (def.type === 'positional') {
      declaredPositionals++;
      continue;
    }
    known.add(name).add(kebab(name)).add(camel(name));
    if (def.type === 'boolean') known.add(`no-${kebab(name)}`);
  }
  const hint = `(see authz-tool ${command} --help)`;
  for (const arg of rawArgs) {
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.replace(/^--?/, '').split('=')[0] ?? '';
    if (!known.has(name)) throw new AuthzToolError('usage', `unknown option ${arg.split('=')[0]} ${hint}`);
  }
  const extra = positionals.slice(declaredPositionals);
  if (extra.length > 0) throw new AuthzToolError('usage', `unexpected argument "${extra[0]}" ${hint}`);
}

/**
 * A string option's value: `undefined` when absent.
 *
 * @throws {AuthzToolError} `usage` when the option is given without a value
 */
export function stringOption(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new AuthzToolError('usage', `--${name} needs a value`);
  }
  return value;
}

/**
 * A required string option's value.
 *
 * @param hint what a value looks like, e.g. `<dir>`
 * @throws {AuthzToolError} `usage` when absent or empty
 */
export function requiredOption(args: Record<string, unknown>, name: string, hint: string): string {
  const value = stringOption(args, name);
  if (value === undefined) throw new AuthzToolError('usage', `missing --${name} ${hint}`);
  return value;
}

/**
 * An option whose value must be one of `choices`.
 *
 * @throws {AuthzToolError} `usage` naming the choices
 */
export function choiceOption<const C extends readonly string[]>(
  args: Record<string, unknown>,
  name: string,
  choices: C,
): C[number] {
  const value = stringOption(args, name) ?? choices[0];
  if (!choices.includes(value as string)) {
    throw new AuthzToolError('usage', `--${name} must be one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as C[number];
}

/**
 * A TCP port option (0 asks for a free port).
 *
 * @throws {AuthzToolError} `usage` unless an integer from 0 to 65535
 */
export function portOption(args: Record<string, unknown>, name: string): number {
  const value = requiredOption(args, name, '<port>');
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new AuthzToolError('usage', `--${name} must be a port from 0 to 65535, got "${value}"`);
  }
  return port;
}
