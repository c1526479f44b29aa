/**
 * TLS for test servers on loopback: a fresh self-signed certificate for 127.0.0.1 (EC P-256), and
 * the failure a gRPC call through a client answered with.
 */
import { ConnectError } from '@connectrpc/connect';
import selfsigned from 'selfsigned';
import { expect } from 'vitest';

/** A self-signed certificate valid for `127.0.0.1` (and `localhost`), with its private key (PEM). */
export async function loopbackCertificate(): Promise<{ cert: string; private: string }> {
  const generated = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  return { cert: generated.cert, private: generated.private };
}

/**
 * The `ConnectError` the call rejected with (the test fails if it resolved or threw anything else).
 *
 * @example
 * expect((await connectFailure(client.is(request))).code).toBe(Code.Unavailable);
 */
export async function connectFailure(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}
