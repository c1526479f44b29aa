/**
 * The authorizer's REST gateway, as Topaz's grpc-gateway serves it: the routes are read from the
 * `google.api.http` annotations of the authorizer service (`POST /api/v2/authz/is`,
 * `/decisiontree`, `/query`, `/compile`, `GET /api/v2/policies`, `/api/v2/policies/{id}`,
 * `/api/v2/info`); bodies are protobuf JSON (snake_case or camelCase in, snake_case out with
 * unpopulated fields emitted, indented by two spaces); errors are `{ code, message, details }`
 * with the HTTP status Topaz attaches to the error.
 */

import { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { http } from '@aserto/node-authorizer/src/gen/cjs/google/api/annotations_pb.js';
import { create, type DescMethod, fromJson, getOption, type JsonObject, toJson } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createHandlerContext, type ServiceImpl } from '@connectrpc/connect';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { maxMessageBytes } from './grpc-endpoint.ts';
import { errorInfoOf, httpStatusOf } from './topaz-errors.ts';

/** What the gateway serves. */
export interface RestGatewayOptions {
  readonly authorizer: Partial<ServiceImpl<typeof Authorizer>>;
  readonly authenticate: (headers: Headers) => void;
}

type UnaryMethod = (request: unknown, context: ReturnType<typeof createHandlerContext>) => Promise<unknown>;

function pretty(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value, null, 2), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function errorResponse(error: unknown): Response {
  const connectError = ConnectError.from(error, Code.Internal);
  return pretty(httpStatusOf(connectError), {
    code: connectError.code,
    message: connectError.rawMessage,
    details: errorInfoOf(connectError),
  });
}

/** Hono's path for a google.api.http template: `{id=*\/**}` captures the rest of the path. */
function honoPath(template: string): string {
  return template.replace(/\{(\w+)=\*\/\*\*\}/g, ':$1{.+}').replace(/\{(\w+)\}/g, ':$1');
}

function setDotted(target: Record<string, unknown>, dotted: string, value: string): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) ?? dotted] = value;
}

async function requestOf(method: DescMethod, c: Context, body: string): Promise<unknown> {
  const init: Record<string, unknown> = {};
  if (body === '*') {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch (error) {
      throw new ConnectError(`invalid JSON body: ${(error as Error).message}`, Code.InvalidArgument);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new ConnectError('the request body must be a JSON object', Code.InvalidArgument);
    }
    Object.assign(init, json);
  }
  const params = c.req.param() as Record<string, string>;
  let fieldMask: string | undefined;
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (name === 'field_mask' || name === 'fieldMask') fieldMask = value;
    else setDotted(init, name, value);
  }
  Object.assign(init, params);
  let request: Record<string, unknown>;
  try {
    request = fromJson(method.input, init as JsonObject, { ignoreUnknownFields: true }) as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw new ConnectError((error as Error).message, Code.InvalidArgument);
  }
  if (fieldMask !== undefined && method.input.fields.some((f) => f.localName === 'fieldMask')) {
    request.fieldMask = create(FieldMaskSchema, { paths: fieldMask.split(',').filter((p) => p !== '') });
  }
  return request;
}

/**
 * Creates the gateway app.
 *
 * @example
 * const app = createRestGateway({ authorizer, authenticate });
 */
export function createRestGateway(options: RestGatewayOptions): Hono {
  const app = new Hono();
  const service = Authorizer;
  app.use(
    bodyLimit({
      maxSize: maxMessageBytes,
      onError: () =>
        pretty(413, { code: Code.ResourceExhausted, message: 'request body larger than 4 MiB', details: [] }),
    }),
  );
  for (const method of service.methods) {
    const rule = getOption(method, http);
    const { case: verb, value: template } = rule.pattern;
    if (typeof template !== 'string' || (verb !== 'get' && verb !== 'post' && verb !== 'delete')) continue;
    app.on(verb.toUpperCase(), honoPath(template), async (c) => {
      try {
        options.authenticate(c.req.raw.headers);
        const impl = (options.authorizer as Record<string, UnaryMethod | undefined>)[method.localName];
        if (!impl) throw new ConnectError(`method ${method.name} is not implemented`, Code.Unimplemented);
        const request = await requestOf(method, c, rule.body);
        const context = createHandlerContext({
          service,
          method,
          protocolName: 'http-gateway',
          requestMethod: c.req.method,
          url: c.req.url,
          requestHeader: c.req.raw.headers,
          requestSignal: c.req.raw.signal,
        });
        const response = await impl(request, context);
        const message = create(method.output, response as never);
        return pretty(
          200,
          toJson(method.output, message, { useProtoFieldName: true, alwaysEmitImplicit: true }),
        );
      } catch (error) {
        return errorResponse(error);
      }
    });
  }
  app.notFound(() => pretty(404, { code: Code.NotFound, message: 'Not Found', details: [] }));
  app.onError((error) => errorResponse(error));
  return app;
}
