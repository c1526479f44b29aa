/**
 * The TLS material the server listens with: a provided certificate, or a self-signed one for
 * `localhost`, `127.0.0.1` and `::1` generated at start-up (Topaz's clients always dial https).
 */
import { TopazServerError } from './server-error.ts';

/** A certificate and key in PEM form. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  /** The certificate clients must trust (`caFile`): the given CA, else the certificate itself. */
  readonly ca: string;
}

/** A provided certificate (PEM), with the CA that issued it if it is not self-signed. */
export interface ProvidedTls {
  readonly cert: string;
  readonly key: string;
  readonly ca?: string | undefined;
}

async function generateSelfSigned(hosts: readonly string[]): Promise<TlsMaterial> {
  let selfsigned: typeof import('selfsigned');
  try {
    selfsigned = await import('selfsigned');
  } catch (error) {
    throw new TopazServerError(
      'tls_unavailable',
      "no TLS certificate was given and the 'selfsigned' package (used to generate one) is not installed; " +
        'pass tls.cert and tls.key',
      { cause: error },
    );
  }
  const ipPattern = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i;
  const altNames = hosts.map((host) =>
    ipPattern.test(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host },
  );
  const pems = await selfsigned.generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private, ca: pems.cert };
}

/**
 * The material to listen with: `provided` as given, or a generated self-signed certificate
 * valid for `hosts` (default `localhost`, `127.0.0.1`, `::1`).
 *
 * @example
 * const { cert, key, ca } = await tlsMaterial(undefined);
 */
export async function tlsMaterial(
  provided: ProvidedTls | undefined,
  hosts: readonly string[] = ['localhost', '127.0.0.1', '::1'],
): Promise<TlsMaterial> {
  if (provided) return { cert: provided.cert, key: provided.key, ca: provided.ca ?? provided.cert };
  return generateSelfSigned(hosts);
}
