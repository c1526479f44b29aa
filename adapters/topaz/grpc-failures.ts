/**
 * gRPC failures of the unary transport as Connect errors: a Node transport failure (unreachable
 * server, broken connection) and an HTTP/2 stream reset, each with the gRPC code its meaning maps
 * to (gRPC's HTTP/2 mapping).
 */
import { constants } from 'node:http2';
import { Code, ConnectError } from '@connectrpc/connect';

/** Node error codes meaning the server could not be reached at all. */
const unreachable = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Node error codes meaning an established connection or stream broke. */
const broken = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_HTTP2_INVALID_STREAM']);

function errorCodes(reason: unknown): string[] {
  const codes: string[] = [];
  for (let current = reason, depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

/** A `ConnectError` for a Node transport failure, keeping the Node error as its cause. */
export function transportError(reason: unknown): ConnectError {
  if (reason instanceof ConnectError) return reason;
  const codes = errorCodes(reason);
  const code = codes.some((c) => unreachable.has(c))
    ? Code.Unavailable
    : codes.some((c) => broken.has(c))
      ? Code.Aborted
      : Code.Internal;
  const error = ConnectError.from(reason, code);
  error.cause = reason;
  return error;
}

/** The gRPC code for a stream reset by the peer (gRPC's HTTP/2 mapping), if it is an error. */
export function resetError(rstCode: number): ConnectError | undefined {
  const reset = (code: Code) => new ConnectError(`http/2 stream reset with code ${rstCode}`, code);
  switch (rstCode) {
    case constants.NGHTTP2_NO_ERROR:
    case constants.NGHTTP2_STREAM_CLOSED:
      return undefined;
    case constants.NGHTTP2_REFUSED_STREAM:
      return reset(Code.Unavailable);
    case constants.NGHTTP2_CANCEL:
      return reset(Code.Canceled);
    case constants.NGHTTP2_ENHANCE_YOUR_CALM:
      return reset(Code.ResourceExhausted);
    case constants.NGHTTP2_INADEQUATE_SECURITY:
    case constants.NGHTTP2_HTTP_1_1_REQUIRED:
      return reset(Code.PermissionDenied);
    default:
      return reset(Code.Internal);
  }
}
