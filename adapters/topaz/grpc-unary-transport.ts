/**
 * A gRPC transport for calls of one request — unary calls, and server-streaming calls whose whole
 * answer is small (the directory's `GetManifest`) — behind `@connectrpc/connect`'s `Transport`
 * interface so the SDK's generated clients use it unchanged. It writes one length-prefixed message
 * on an HTTP/2 stream of an `Http2SessionManager` and reads the answer's messages back with the
 * status from the trailers. Connect's own gRPC transport runs every unary call through its
 * streaming machinery (async generators, linked abort controllers), which one request and one
 * answer do not need.
 */
import type { ClientHttp2Stream, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2';
import { constants } from 'node:http2';
import {
  create,
  type DescMessage,
  type DescMethodStreaming,
  type DescMethodUnary,
  fromBinary,
  isMessage,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { findTrailerError, requestHeader, validateResponse } from '@connectrpc/connect/protocol-grpc';
import type { Http2SessionManager } from '@connectrpc/connect-node';
import { resetError, transportError } from './grpc-failures.ts';
import { envelope, messages, singleMessage } from './grpc-frames.ts';

/** What a unary transport sends every call through. */
export interface GrpcUnaryTransportOptions {
  readonly sessionManager: Http2SessionManager;
  /** Headers sent with every call (credentials, tenant). */
  readonly headers: Readonly<Record<string, string>>;
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  return result;
}

/** Sessions already given {@link guardSession}'s listener. */
const guarded = new WeakSet<object>();

/**
 * Keeps an error a connection raises after the session manager stopped listening to it from
 * ending the process. A server that goes away while a connection is idle (Topaz stopping or
 * restarting: a GOAWAY with no open streams) makes the manager destroy the connection with an
 * error that Node raises a tick later; if the manager has moved on by then (a new call reconnects,
 * or the pool closes), nothing listens and the error is uncaught (connect-es issue 1768). Calls on
 * the connection still see the failure through their own streams and the manager.
 */
function guardSession(session: ClientHttp2Stream['session']): void {
  if (!session || guarded.has(session)) return;
  guarded.add(session);
  session.on('error', () => {});
}

/**
 * Creates the transport.
 *
 * @example
 * const transport = createGrpcUnaryTransport({ sessionManager, headers: { authorization: 'basic …' } });
 * const authorizer = createClient(Authorizer, transport);
 */
export function createGrpcUnaryTransport(options: GrpcUnaryTransportOptions): Transport {
  const { sessionManager } = options;

  function call<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O> | DescMethodStreaming<I, O>,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    header: Parameters<Transport['unary']>[3],
    input: MessageInitShape<I>,
  ) {
    const message = isMessage(input, method.input) ? input : create(method.input, input);
    const body = envelope(toBinary(method.input, message));
    const outgoing: OutgoingHttpHeaders = { ...options.headers };
    requestHeader(true, timeoutMs, header).forEach((value, name) => {
      outgoing[name] = value;
    });
    const path = `/${method.parent.typeName}/${method.name}`;

    return new Promise<{ header: Headers; trailer: Headers; body: Buffer }>((resolve, reject) => {
      let stream: ClientHttp2Stream | undefined;
      let settled = false;
      const finish = (error: ConnectError | undefined, result?: Parameters<typeof resolve>[0]) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) {
          if (stream && !stream.closed) stream.close(constants.NGHTTP2_CANCEL);
          reject(error);
        } else if (result) resolve(result);
      };
      const onAbort = () => finish(ConnectError.from(signal?.reason, Code.Canceled));
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () =>
                finish(
                  new ConnectError(`the operation timed out after ${timeoutMs} ms`, Code.DeadlineExceeded),
                ),
              timeoutMs,
            );
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });

      sessionManager.request('POST', path, outgoing, {}).then(
        (opened) => {
          stream = opened;
          guardSession(opened.session);
          if (settled) {
            opened.close(constants.NGHTTP2_CANCEL);
            return;
          }
          const chunks: Buffer[] = [];
          let responseHeader: Headers | undefined;
          let headerError: ConnectError | undefined;
          let statusInHeader = false;
          let trailer = new Headers();
          opened.on('response', (incoming) => {
            responseHeader = webHeaders(incoming);
            try {
              const validated = validateResponse(Number(incoming[':status']), responseHeader);
              headerError = validated.headerError;
              statusInHeader = validated.foundStatus;
            } catch (error) {
              // An HTTP error status without a gRPC status, mapped to its gRPC code.
              headerError = ConnectError.from(error, Code.Internal);
            }
          });
          opened.on('trailers', (incoming) => {
            trailer = webHeaders(incoming);
          });
          opened.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            sessionManager.notifyResponseByteRead(opened);
          });
          opened.on('error', (error) => finish(resetError(opened.rstCode ?? 0) ?? transportError(error)));
          opened.on('close', () => {
            if (headerError) return finish(headerError);
            const reset = resetError(opened.rstCode ?? constants.NGHTTP2_NO_ERROR);
            if (reset) return finish(reset);
            if (!responseHeader)
              return finish(new ConnectError('protocol error: no response', Code.Unavailable));
            const status = findTrailerError(trailer);
            if (status) return finish(status);
            if (!statusInHeader && !trailer.has('grpc-status')) {
              return finish(new ConnectError('protocol error: missing status', Code.Internal));
            }
            finish(undefined, { header: responseHeader, trailer, body: Buffer.concat(chunks) });
          });
          opened.end(body);
        },
        (error: unknown) => finish(transportError(error)),
      );
    });
  }

  const decode = <O extends DescMessage>(output: O, bytes: Uint8Array): MessageShape<O> => {
    try {
      return fromBinary(output, bytes);
    } catch (error) {
      throw ConnectError.from(error, Code.Internal);
    }
  };

  return {
    async unary(method, signal, timeoutMs, header, input) {
      const { body, ...response } = await call(method, signal, timeoutMs, header, input);
      const message = decode(method.output, singleMessage(body));
      return { stream: false, service: method.parent, method, ...response, message };
    },
    async stream(method, signal, timeoutMs, header, input) {
      if (method.methodKind !== 'server_streaming') {
        throw new ConnectError(
          `${method.name}: only calls of one request are supported by this transport`,
          Code.Unimplemented,
        );
      }
      let request: MessageInitShape<typeof method.input> | undefined;
      for await (const item of input) {
        request = item;
        break;
      }
      const { body, ...response } = await call(
        method,
        signal,
        timeoutMs,
        header,
        request ?? create(method.input),
      );
      const output = messages(body).map((bytes) => decode(method.output, bytes));
      return {
        stream: true,
        service: method.parent,
        method,
        ...response,
        message: (async function* () {
          yield* output;
        })(),
      };
    },
  };
}
