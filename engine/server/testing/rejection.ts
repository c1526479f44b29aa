/**
 * The gRPC error a call rejects with, for assertions on codes and Topaz's messages.
 */
import { ConnectError } from '@connectrpc/connect';

/**
 * Awaits `call` and returns the {@link ConnectError} it rejected with; throws if it resolved or
 * failed with anything else.
 *
 * @example
 * expect((await connectRejection(client.is({}))).code).toBe(Code.InvalidArgument);
 */
export async function connectRejection(call: Promise<unknown>): Promise<ConnectError> {
  const outcome = await call.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof ConnectError)) throw outcome.error;
  return outcome.error;
}
