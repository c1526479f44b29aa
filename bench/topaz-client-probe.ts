/**
 * Side by side on one Topaz (given a topazd: TOPAZD, else `topazd` on PATH): a warm `Is` through
 * `@gatehousejs/topaz` as shipped, the same with TCP_NODELAY set on its sockets (Nagle's algorithm
 * off, as Go's client always has it), and the Go client of `npm run bench -- topaz` — one call at a
 * time on one connection, six rounds in alternating order. Run it by hand:
 * `TOPAZD=/path/to/topazd npx tsx bench/topaz-client-probe.ts`. It prints one line per round.
 */
import { execFile } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { DecisionQuery } from '@gatehousejs/core';
import { startTestTopaz } from '../test/support/topaz.ts';
import { loadNow, median } from './rounds.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CALLER = 'c0ffee00-1234-4cde-8f00-0123456789ab';
const CALLS = 1_000;
const WARMUP = 200;
const ROUNDS = 6;

// TCP_NODELAY for the sockets the adapter opens while `noDelay` is set (Node's HTTP/2 client
// leaves Nagle's algorithm on; its socket cannot be reached once the session owns it).
let noDelay = false;
const connect = tls.connect;
(tls as { connect: unknown }).connect = (...args: unknown[]) => {
  const socket = (connect as (...a: unknown[]) => tls.TLSSocket)(...args);
  if (noDelay) socket.setNoDelay(true);
  return socket;
};
syncBuiltinESMExports();

const query: DecisionQuery = {
  identity: { type: 'IDENTITY_TYPE_SUB', value: CALLER },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: '1', location: { country_code: 'FR' } },
};

const topaz = await startTestTopaz();
try {
  const directory = topaz.directory({ timeoutMs: 30_000 });
  await directory.setObject({ type: 'user', id: CALLER });
  await directory.setObject({ type: 'identity', id: CALLER });
  await directory.setObject({ type: 'document', id: '1' });
  const relation = { objectType: 'user', objectId: CALLER, subjectType: 'identity', subjectId: CALLER };
  await directory.setRelation({ ...relation, relation: 'identifier' });
  await directory.setRelation({
    ...relation,
    objectType: 'document',
    objectId: '1',
    subjectType: 'user',
    relation: 'owner',
  });

  /** Median µs of a warm `Is` through the adapter, on a fresh connection. */
  const adapter = async (withNoDelay: boolean) => {
    noDelay = withNoDelay;
    const service = topaz.decisionService({ maxConnections: 1 });
    for (let i = 0; i < WARMUP; i++) await service.decide(query);
    const took: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await service.decide(query);
      took.push((performance.now() - start) * 1_000);
    }
    await service.close();
    return median(took);
  };
  const go = async () => {
    const { stdout } = await promisify(execFile)(
      'go',
      [
        'run',
        '.',
        `-addr=${topaz.authorizerUrl}`,
        `-ca=${topaz.caFile}`,
        `-subject=${CALLER}`,
        `-path=${query.policyPath}`,
        `-resource=${JSON.stringify(query.resourceContext)}`,
        `-calls=${CALLS}`,
        `-warmup=${WARMUP}`,
      ],
      { cwd: path.join(HERE, 'topaz-go-client'), timeout: 10 * 60_000 },
    );
    return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { medianNs: number }).medianNs / 1_000;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const figures = { shipped: 0, noDelay: 0, go: 0 };
    if (round % 2 === 0) {
      figures.shipped = await adapter(false);
      figures.noDelay = await adapter(true);
      figures.go = await go();
    } else {
      figures.go = await go();
      figures.noDelay = await adapter(true);
      figures.shipped = await adapter(false);
    }
    console.log(
      `round ${round + 1}: adapter ${figures.shipped.toFixed(0)} µs, adapter with TCP_NODELAY ` +
        `${figures.noDelay.toFixed(0)} µs, Go ${figures.go.toFixed(0)} µs — ` +
        `adapter/Go ${(figures.shipped / figures.go).toFixed(2)}×, with TCP_NODELAY ` +
        `${(figures.noDelay / figures.go).toFixed(2)}×; load ${loadNow().toFixed(1)}`,
    );
  }
} finally {
  await topaz.stop();
}
