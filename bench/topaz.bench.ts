/**
 * `npm run bench -- topaz`: decision latency and throughput through the Topaz adapter to the
 * Topaz-compatible server (gRPC over TLS on loopback), beside calling the same decision service
 * in-process. The decision service is a table lookup, so the difference is the Topaz API path:
 * request encoding, HTTP/2 + TLS, the server's request checks, and back. A minimal gRPC responder
 * separates the adapter's own cost from the server's, and the SDK's client on connect-node's
 * own transport is measured beside the adapter's transport.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Authorizer,
  IsResponseSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { create, toBinary } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { generate } from 'selfsigned';
import { isRequestOf } from '../adapters/topaz/authorizer-messages.ts';
import { createTopazDecisionService } from '../adapters/topaz/index.ts';
import type { DecisionQuery, DecisionService, Decisions } from '../core/index.ts';
import { startTopazCompatibleServer } from '../engine/server/index.ts';
import { MemoryRelationDirectory } from '../engine/server/testing/index.ts';
import { formatDuration, measure, printTable } from './measure.ts';

/** Answers `allowed` for subject identities on known paths: the cheapest possible evaluation. */
const lookup: DecisionService = {
  async decide(query: DecisionQuery): Promise<Decisions> {
    const allowed = query.policyPath.startsWith('webapp.') && query.identity.type === 'IDENTITY_TYPE_SUB';
    return Object.fromEntries(query.decisions.map((d) => [d, allowed]));
  },
};

const query: DecisionQuery = {
  identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: '42', method: 'GET' },
};

/**
 * A minimal gRPC responder on HTTP/2 + TLS: every call gets the same encoded `IsResponse`
 * (`allowed` true) and an OK status. Raw Node HTTP/2 calls to it are the floor any gRPC call on
 * this machine pays; the adapter calling it shows the adapter's own cost, as against a fast
 * server such as Topaz.
 */
async function minimalGrpcServer(): Promise<{
  url: string;
  ca: string;
  roundTrip(): Promise<void>;
  close(): void;
}> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const message = toBinary(
    IsResponseSchema,
    create(IsResponseSchema, { decisions: [{ decision: 'allowed', is: true }] }),
  );
  const frame = Buffer.alloc(5 + message.byteLength);
  frame.writeUInt32BE(message.byteLength, 1);
  frame.set(message, 5);
  const server = http2.createSecureServer({ cert: pems.cert, key: pems.private });
  server.on('stream', (stream) => {
    stream.resume();
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(frame);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const client = http2.connect(`https://127.0.0.1:${port}`, { ca: pems.cert });
  const request = Buffer.alloc(5);
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      const stream = client.request({
        ':method': 'POST',
        ':path': '/aserto.authorizer.v2.Authorizer/Is',
        'content-type': 'application/grpc+proto',
        te: 'trailers',
      });
      stream.on('data', () => {});
      stream.on('end', resolve);
      stream.on('error', reject);
      stream.end(request);
    });
  return {
    url: `127.0.0.1:${port}`,
    ca: pems.cert,
    roundTrip,
    close: () => {
      client.close();
      server.close();
    },
  };
}

/** The SDK's client on `@connectrpc/connect-node`'s own gRPC transport, for comparison. */
function connectNodeClient(url: string, ca: string) {
  const sessionManager = new Http2SessionManager(`https://${url}`, undefined, { ca });
  const client = createClient(Authorizer, createGrpcTransport({ baseUrl: `https://${url}`, sessionManager }));
  return { client, close: () => sessionManager.abort() };
}

function row(name: string, medianNs: number, p99Ns: number, calls = 1) {
  return {
    path: name,
    median: formatDuration(medianNs / calls),
    p99: formatDuration(p99Ns / calls),
    'CPU per decision': '',
    'decisions/s': Math.round((calls * 1e9) / medianNs),
  };
}

/** Rounds of the sequential comparison, and calls per variant and round. */
const ROUNDS = 15;
const CALLS_PER_ROUND = 300;

/** Wall and CPU nanoseconds per call of `CALLS_PER_ROUND` sequential calls. */
async function round(call: () => Promise<unknown>): Promise<{ wallNs: number; cpuNs: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
  const wallNs = Number(process.hrtime.bigint() - start) / CALLS_PER_ROUND;
  const used = process.cpuUsage(cpu);
  return { wallNs, cpuNs: ((used.user + used.system) * 1_000) / CALLS_PER_ROUND };
}

const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * Sequential calls of each variant in interleaved rounds (rotating which goes first), so that a
 * change of machine speed between rounds affects every variant alike; per variant the median
 * round's wall time and CPU time per call. CPU covers both ends (client and server share the
 * process).
 */
async function interleavedRows(variants: readonly { name: string; call: () => Promise<unknown> }[]) {
  for (const variant of variants) for (let i = 0; i < 500; i++) await variant.call();
  const wall: number[][] = variants.map(() => []);
  const cpu: number[][] = variants.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (r + k) % variants.length;
      const sample = await round(variants[index]!.call);
      wall[index]!.push(sample.wallNs);
      cpu[index]!.push(sample.cpuNs);
    }
  }
  return variants.map((variant, i) => {
    const wallNs = middle(wall[i]!);
    return {
      path: variant.name,
      median: formatDuration(wallNs),
      p99: '',
      'CPU per decision': formatDuration(middle(cpu[i]!)),
      'decisions/s': Math.round(1e9 / wallNs),
    };
  });
}

/** Runs the benchmark and prints its table. */
export async function run(): Promise<void> {
  const server = await startTopazCompatibleServer({
    decisionService: lookup,
    relationDirectory: new MemoryRelationDirectory(),
    ports: { authorizer: 0, gateway: 0, directory: 0 },
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-bench-'));
  const caFile = path.join(folder, 'ca.pem');
  await writeFile(caFile, server.caCert);
  const floor = await minimalGrpcServer();
  const minimalCaFile = path.join(folder, 'minimal-ca.pem');
  await writeFile(minimalCaFile, floor.ca);
  const adapter = (url: string, ca: string, maxConnections: number) =>
    createTopazDecisionService({
      url,
      caFile: ca,
      policyInstanceName: 'webapp',
      timeoutMs: 10_000,
      pool: { minConnections: 1, maxConnections },
    });
  const single = adapter(server.authorizerUrl, caFile, 1);
  const wide = adapter(server.authorizerUrl, caFile, 16);
  const againstMinimal = adapter(floor.url, minimalCaFile, 1);
  const viaConnectNode = connectNodeClient(server.authorizerUrl, server.caCert);
  const isRequest = isRequestOf(query, { name: 'webapp', instanceLabel: 'webapp' });
  try {
    const rows = await interleavedRows([
      { name: 'raw HTTP/2 + TLS call to a minimal gRPC responder (the floor)', call: floor.roundTrip },
      {
        name: 'adapter → minimal gRPC responder (the adapter’s own cost)',
        call: () => againstMinimal.decide(query),
      },
      { name: 'adapter → gRPC → server (sequential, 1 connection)', call: () => single.decide(query) },
      {
        name: 'SDK client on connect-node’s gRPC transport → server (reference)',
        call: () => viaConnectNode.client.is(isRequest),
      },
    ]);
    const direct = await measure('in-process', () => lookup.decide(query), { batch: 1_000, samples: 200 });
    rows.push(row('in-process decide (sequential)', direct.medianNs, direct.p99Ns));
    for (const concurrency of [4, 16]) {
      const calls = Array.from({ length: concurrency }, () => query);
      const burst = await measure('burst', () => Promise.all(calls.map((q) => wide.decide(q))), {
        batch: 1,
        samples: 400,
        warmup: 100,
      });
      rows.push(
        row(
          `adapter → gRPC (${concurrency} concurrent, pool of 16)`,
          burst.medianNs,
          burst.p99Ns,
          concurrency,
        ),
      );
    }
    const batch = Array.from({ length: 10 }, (_, i) => ({ ...query, resourceContext: { id: String(i) } }));
    const batched = await measure('batch', () => wide.decideBatch(batch), {
      batch: 1,
      samples: 400,
      warmup: 100,
    });
    rows.push(row('adapter decideBatch of 10 (per decision)', batched.medianNs, batched.p99Ns, 10));
    printTable('Topaz adapter → Topaz-compatible server over loopback gRPC (TLS)', rows);
    console.log(
      `\nSequential rows: medians of ${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND} calls (no p99). ` +
        'Per-decision figures of a concurrent burst are the burst time divided by its size. ' +
        "For scale: Topaz's maintainers report a warm Is at about 77 µs median over loopback gRPC with a Go client.",
    );
  } finally {
    floor.close();
    viaConnectNode.close();
    await single.close();
    await wide.close();
    await againstMinimal.close();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}
