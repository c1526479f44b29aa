/**
 * Test helper: the `DatabaseError` a repository call rejects with.
 */
import { DatabaseError } from '../../app/db/index.ts';

/**
 * Awaits `promise` and returns its `DatabaseError`; fails when it resolves or rejects otherwise.
 * @example expect(await rejection(repos.users.delete('sub-ann'))).toMatchObject({ code: 'still_referenced' });
 */
export async function rejection(promise: Promise<unknown>): Promise<DatabaseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DatabaseError)) throw new Error(`expected a DatabaseError, got ${String(error)}`);
  return error;
}
