/**
 * Packages the tool loads only when a command needs them (optional peer dependencies): the Fastify
 * adapter for a Fastify app, tsx for a TypeScript module. A missing one is one clear line naming the
 * package and the install command, never a module-resolution stack trace.
 */
import { AuthzToolError } from './errors.ts';

/**
 * Imports `specifier`, installed beside the tool only by users who need it.
 *
 * @param why what needs it, e.g. `--app names a Fastify instance`
 * @param load the import (a function, so that bundlers and type checkers see a literal specifier)
 * @throws {AuthzToolError} `dependency_missing` naming the package to install
 * @example
 * const { register } = await loadOptionalPeer('tsx', 'a TypeScript --app module', () => import('tsx/esm/api'));
 */
export async function loadOptionalPeer<T>(
  packageName: string,
  why: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error, packageName)) {
      throw new AuthzToolError(
        'dependency_missing',
        `${why} needs ${packageName}, which is not installed: npm install -D ${packageName}`,
        { cause: error },
      );
    }
    throw error;
  }
}

function isNotFound(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(packageName);
}
