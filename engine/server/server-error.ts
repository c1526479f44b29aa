/**
 * The server layer's error: start-up problems of the Topaz-compatible server (TLS material,
 * listening, descriptors it cannot validate). Request failures are gRPC/HTTP errors instead.
 */
import { AuthzError } from '../../core/index.ts';

/** Why the Topaz-compatible server could not start or serve. */
export type TopazServerErrorCode = 'tls_unavailable' | 'listen_failed' | 'descriptor_unsupported';

/** A start-up failure of the Topaz-compatible server. */
export class TopazServerError extends AuthzError {
  override name = 'TopazServerError';
  declare readonly code: TopazServerErrorCode;

  constructor(code: TopazServerErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
