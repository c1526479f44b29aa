/**
 * Loading the application named by `--app` (a Hono app or a Fastify instance, or a function
 * returning one) and its
 * configuration (`--config`, else the app module's `authzToolConfig` export, else the defaults).
 */

import type { Hono } from 'hono';
import { AuthzToolError } from './errors.ts';
import { loadModuleReference, parseModuleReference } from './module-reference.ts';
import { type AuthzToolConfig, CONFIG_EXPORT, resolveToolConfig } from './tool-config.ts';

/** What route scanning reads of a Hono application. */
export type RoutedApp = Pick<Hono, 'routes'>;

/** A Fastify instance as the Fastify adapter's route scanning takes it. */
export interface ScannableApp {
  ready(): PromiseLike<unknown>;
}

/** A loaded application with its configuration. */
export interface LoadedApp {
  /** A Hono app, or a Fastify instance with `authzPlugin` registered. */
  readonly app: RoutedApp | ScannableApp;
  readonly config: AuthzToolConfig;
  /** Where the configuration came from: a module reference, or `defaults`. */
  readonly configSource: string;
}

/** Whether `value` looks like a Hono application (duck-typed: copies of `hono` may differ). */
export function isHonoApp(value: unknown): value is RoutedApp {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { routes?: unknown; fetch?: unknown };
  return Array.isArray(candidate.routes) && typeof candidate.fetch === 'function';
}

/**
 * Whether `value` looks like a Fastify instance (duck-typed as the Fastify adapter does, so that the
 * adapter is loaded only for Fastify apps).
 */
export function isFastifyApp(value: unknown): value is ScannableApp {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['ready', 'register', 'addHook', 'inject'].every((name) => typeof candidate[name] === 'function');
}

const isScannable = (value: unknown) => isHonoApp(value) || isFastifyApp(value);

async function appFrom(
  value: unknown,
  reference: string,
  exportName: string,
): Promise<RoutedApp | ScannableApp> {
  let candidate = value;
  if (typeof value === 'function' && !isHonoApp(value)) {
    try {
      candidate = await (value as () => unknown)();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AuthzToolError(
        'module_unloadable',
        `--app ${reference}: calling "${exportName}()" to build the app failed: ${reason}`,
        { cause: error },
      );
    }
  }
  if (!isScannable(candidate)) {
    throw new AuthzToolError(
      'module_unloadable',
      `--app ${reference}: export "${exportName}" is not a Hono app or a Fastify instance (expected an app, or a function without parameters returning one)`,
    );
  }
  return candidate as RoutedApp | ScannableApp;
}

/**
 * Loads `--app` and the configuration.
 *
 * @param references `app` (`<module>[:<export>]`, export default `app`), optional `config`
 *   (`<module>[:<export>]`, export default `authzToolConfig`)
 * @param cwd the directory module paths are relative to
 * @throws {AuthzToolError} with one line naming the reference and what is wrong with it
 * @example
 * const { app, config } = await loadApp({ app: './src/app.ts:app' }, process.cwd());
 */
export async function loadApp(
  references: { readonly app: string; readonly config?: string | undefined },
  cwd: string,
): Promise<LoadedApp> {
  const loaded = await loadModuleReference(references.app, '--app', cwd, ['app', 'default']);
  const app = await appFrom(loaded.value, references.app, loaded.exportName);
  if (references.config !== undefined) {
    const config = await loadModuleReference(references.config, '--config', cwd, [CONFIG_EXPORT, 'default']);
    const source = `${parseModuleReference(references.config).module}:${config.exportName}`;
    return { app, config: await resolveToolConfig(config.value, `--config ${source}`), configSource: source };
  }
  if (loaded.exports[CONFIG_EXPORT] !== undefined) {
    const source = `${parseModuleReference(references.app).module}:${CONFIG_EXPORT}`;
    return {
      app,
      config: await resolveToolConfig(loaded.exports[CONFIG_EXPORT], source),
      configSource: source,
    };
  }
  return { app, config: await resolveToolConfig({}, 'defaults'), configSource: 'defaults' };
}
