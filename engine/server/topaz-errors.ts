/**
 * Errors as Topaz reports them. Topaz's error middleware turns every failure into a gRPC status
 * whose message is `<code> <message>[: <cause>][: <msg>]` (e.g. `E30008 invalid argument: identity
 * context not set`) with a `google.rpc.ErrorInfo` detail (domain = the code, metadata = `msg` and
 * `aserto-http-statuscode`); its REST gateway answers with that HTTP status.
 */
import { randomUUID } from 'node:crypto';
import { Code, ConnectError } from '@connectrpc/connect';
import { DecisionServiceError } from '../../core/index.ts';
import { ErrorInfoSchema } from './error-info.ts';

/** One entry of Topaz's error catalogue. */
export interface TopazErrorKind {
  readonly code: string;
  readonly grpc: Code;
  readonly http: number;
  readonly message: string;
}

/** The entries of Topaz's (authorizer `aerr`, directory `derr`) catalogue this server reports. */
export const topazErrors = {
  unknown: { code: 'E00000', grpc: Code.Internal, http: 500, message: 'an unknown error has occurred' },
  authenticationFailed: {
    code: 'E30007',
    grpc: Code.Unauthenticated,
    http: 401,
    message: 'authentication failed',
  },
  invalidArgument: { code: 'E30008', grpc: Code.InvalidArgument, http: 400, message: 'invalid argument' },
  badQuery: { code: 'E30010', grpc: Code.InvalidArgument, http: 400, message: 'invalid query' },
  badRuntime: { code: 'E30012', grpc: Code.Unavailable, http: 503, message: 'runtime loading failed' },
  policyNotFound: { code: 'E10004', grpc: Code.NotFound, http: 404, message: 'policy not found' },
  directoryUnknown: {
    code: 'E20000',
    grpc: Code.Internal,
    http: 500,
    message: 'an unknown error has occurred',
  },
  directoryInvalidArgument: {
    code: 'E20015',
    grpc: Code.InvalidArgument,
    http: 400,
    message: 'invalid argument',
  },
  objectNotFound: { code: 'E20025', grpc: Code.NotFound, http: 404, message: 'object not found' },
  relationNotFound: { code: 'E20035', grpc: Code.NotFound, http: 404, message: 'relation not found' },
  protoValidate: { code: 'E20050', grpc: Code.InvalidArgument, http: 400, message: '' },
} as const satisfies Record<string, TopazErrorKind>;

/** Details of one error: `cause` is the wrapped error's text, `msg` the message Topaz adds. */
export interface TopazErrorDetail {
  readonly msg?: string;
  readonly cause?: string;
  /** Overrides the gRPC code (Topaz's `WithGRPCStatus`). */
  readonly grpc?: Code;
}

/**
 * Builds the error Topaz would return for `kind`.
 *
 * @example
 * throw topazError(topazErrors.invalidArgument, { msg: 'identity context not set' });
 */
export function topazError(kind: TopazErrorKind, detail: TopazErrorDetail = {}): ConnectError {
  const inner = [detail.cause, detail.msg].filter((part): part is string => Boolean(part)).join(': ');
  const text = inner ? `${kind.code} ${kind.message}: ${inner}` : `${kind.code} ${kind.message}`;
  const metadata: Record<string, string> = { 'aserto-http-statuscode': String(kind.http) };
  if (detail.msg) metadata.msg = detail.msg;
  return new ConnectError(text, detail.grpc ?? kind.grpc, undefined, [
    { desc: ErrorInfoSchema, value: { reason: randomUUID(), domain: kind.code, metadata } },
  ]);
}

/** Which API an error comes from: decides between the authorizer's and the directory's codes. */
export type TopazApi = 'authorizer' | 'directory';

/** Error codes (of `AuthzError`, the directory's `DirectoryError`, …) that mean a bad request. */
const badRequestCodes = new Set([
  'invalid_request',
  'invalid_argument',
  'config_invalid',
  'manifest_invalid',
  'invalid_object',
  'invalid_relation',
  'invalid_query',
]);
/** Error codes that mean the backing store cannot serve right now. */
const unavailableCodes = new Set(['service_unavailable', 'store_unavailable', 'store_closed']);

function codeOf(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Converts whatever a capability threw into the error Topaz would report. An error whose string
 * `code` is `invalid_request` (or `invalid_argument`, `config_invalid`, and the directory's
 * `manifest_invalid`, `invalid_object`, `invalid_relation`, `invalid_query`) is a bad request
 * (InvalidArgument); `not_found` is NotFound; `store_unavailable`/`store_closed` are Unavailable;
 * {@link DecisionServiceError} codes map as Topaz reports the corresponding situation; anything
 * else is an unknown (internal) error.
 */
export function toTopazError(error: unknown, api: TopazApi, queryText = ''): ConnectError {
  if (error instanceof ConnectError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof DecisionServiceError) {
    switch (error.code) {
      case 'policy_not_found':
        return topazError(topazErrors.badQuery, { msg: `undefined results: ${queryText}` });
      case 'evaluation_failed':
        return topazError(topazErrors.badQuery, {
          cause: message,
          msg: `query evaluation failed: ${queryText}`,
        });
      case 'deadline_exceeded':
        return new ConnectError(message, Code.DeadlineExceeded);
      case 'service_unavailable':
        return topazError(topazErrors.badRuntime, { cause: message });
    }
  }
  const code = codeOf(error);
  if (code && badRequestCodes.has(code)) {
    const kind = api === 'authorizer' ? topazErrors.invalidArgument : topazErrors.directoryInvalidArgument;
    return topazError(kind, { msg: message });
  }
  if (code === 'not_found') return topazError(topazErrors.objectNotFound, { msg: message });
  if (code && unavailableCodes.has(code)) return new ConnectError(message, Code.Unavailable);
  return topazError(api === 'authorizer' ? topazErrors.unknown : topazErrors.directoryUnknown, {
    cause: message,
  });
}

/** grpc-gateway's mapping of gRPC codes to HTTP statuses, used when no Topaz status is attached. */
const gatewayHttpStatus: Readonly<Record<number, number>> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.Unauthenticated]: 401,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 400,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
};

/** The JSON of an ErrorInfo detail as grpc-gateway writes it inside an error body. */
export interface ErrorInfoJson {
  readonly '@type': 'type.googleapis.com/google.rpc.ErrorInfo';
  readonly reason: string;
  readonly domain: string;
  readonly metadata: Readonly<Record<string, string>>;
}

/** The ErrorInfo details attached to an error created by {@link topazError}. */
export function errorInfoOf(error: ConnectError): ErrorInfoJson[] {
  const infos: ErrorInfoJson[] = [];
  for (const detail of error.details) {
    if (!('desc' in detail) || detail.desc.typeName !== ErrorInfoSchema.typeName) continue;
    const value = detail.value as { reason?: string; domain?: string; metadata?: Record<string, string> };
    infos.push({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: value.reason ?? '',
      domain: value.domain ?? '',
      metadata: value.metadata ?? {},
    });
  }
  return infos;
}

/** The HTTP status Topaz's gateway answers for `error` (its `aserto-http-statuscode`, else by gRPC code). */
export function httpStatusOf(error: ConnectError): number {
  for (const info of errorInfoOf(error)) {
    const status = Number(info.metadata['aserto-http-statuscode']);
    if (Number.isInteger(status) && status >= 400 && status <= 599) return status;
  }
  return gatewayHttpStatus[error.code] ?? 500;
}
