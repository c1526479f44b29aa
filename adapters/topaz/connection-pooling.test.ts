import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectionPool, type DecisionQuery, type DecisionServiceError } from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  MemoryRelationDirectory,
  startTestTopazServer,
  type TestTopazServer,
} from '../../engine/server/testing/index.ts';
import { createTopazDecisionService, createTopazRelationDirectory } from './index.ts';

const decisions = new InMemoryDecisionService({ rules: { 'app.GET.docs': () => true } });
const ask: DecisionQuery = {
  identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
  policyPath: 'app.GET.docs',
  decisions: ['allowed'],
  resourceContext: {},
};

let topaz: TestTopazServer;
const opened = () => topaz.server.connections().authorizer.opened;
const active = () => topaz.server.connections().authorizer.active;
const adapterWith = (
  pool: ConstructorParameters<typeof ConnectionPool>[0] | ConnectionPool,
  timeoutMs = 5_000,
) =>
  createTopazDecisionService({
    url: topaz.server.authorizerUrl,
    caFile: topaz.caFile,
    policyInstanceName: 'app',
    timeoutMs,
    pool,
  });

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService: decisions,
    relationDirectory: new MemoryRelationDirectory(),
  });
});

afterEach(() => {
  decisions.release();
});

afterAll(async () => {
  await topaz?.close();
});

describe('connection pool', () => {
  it('reuses one connection for every sequential call', async () => {
    const adapter = adapterWith({ minConnections: 1, maxConnections: 4 });
    const before = opened();
    try {
      for (let i = 0; i < 25; i++) expect((await adapter.decide(ask)).allowed).toBe(true);
      expect(opened() - before).toBe(1);
    } finally {
      await adapter.close();
    }
  });

  it('opens at most maxConnections for concurrent calls, which wait for a free connection', async () => {
    const adapter = adapterWith({ minConnections: 0, maxConnections: 3 });
    const before = opened();
    decisions.maxInFlight = 0;
    try {
      decisions.hold();
      const calls = Array.from({ length: 20 }, () => adapter.decide(ask));
      await vi.waitFor(() => expect(decisions.inFlight).toBe(3));
      decisions.release();
      const answers = await Promise.all(calls);
      expect(answers.every((a) => a.allowed)).toBe(true);
      expect(opened() - before).toBe(3);
      expect(decisions.maxInFlight).toBe(3);
    } finally {
      await adapter.close();
    }
  });

  it('applies the deadline to the wait for a connection', async () => {
    const adapter = adapterWith({ minConnections: 1, maxConnections: 1 }, 100);
    try {
      decisions.hold();
      const results = await Promise.allSettled([adapter.decide(ask), adapter.decide(ask)]);
      expect(results.map((r) => r.status === 'rejected' && (r.reason as DecisionServiceError).code)).toEqual([
        'deadline_exceeded',
        'deadline_exceeded',
      ]);
      decisions.release();
      expect((await adapter.decide(ask)).allowed).toBe(true);
    } finally {
      await adapter.close();
    }
  });

  it('gives back a connection that arrives after its caller gave up', async () => {
    const adapter = adapterWith({ minConnections: 1, maxConnections: 1 }, 1_000);
    try {
      decisions.hold();
      const first = adapter.decide(ask);
      await vi.waitFor(() => expect(decisions.inFlight).toBe(1));
      const controller = new AbortController();
      const second = adapter.decide(ask, { signal: controller.signal });
      // Let the second call reach the pool's queue before its caller gives up.
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      const abandoned = await second.then(
        () => undefined,
        (e: unknown) => e as DecisionServiceError,
      );
      expect(abandoned?.code).toBe('deadline_exceeded');
      decisions.release();
      expect((await first).allowed).toBe(true);
      expect((await adapter.decide(ask)).allowed).toBe(true);
    } finally {
      await adapter.close();
    }
  });

  it('closes its connections on close(), after which calls fail as unavailable', async () => {
    const adapter = adapterWith({ minConnections: 2, maxConnections: 2 });
    await Promise.all([adapter.decide(ask), adapter.decide(ask)]);
    expect(active()).toBeGreaterThanOrEqual(1);
    await adapter.close();
    await vi.waitFor(() => expect(active()).toBe(0));
    const error = await adapter.decide(ask).then(
      () => undefined,
      (e: unknown) => e as DecisionServiceError,
    );
    expect(error?.code).toBe('service_unavailable');
    expect(error?.message).toContain('closed');
  });

  it('shares one ConnectionPool between the decision service and the directory', async () => {
    const pool = new ConnectionPool({ minConnections: 0, maxConnections: 2 });
    const adapter = adapterWith(pool);
    const directory = createTopazRelationDirectory({
      url: topaz.server.directoryUrl,
      caFile: topaz.caFile,
      pool,
    });
    const relation = {
      objectType: 'doc',
      objectId: '1',
      relation: 'owner',
      subjectType: 'user',
      subjectId: 'alice',
    };
    await directory.setRelation(relation);
    await directory.close();
    expect((await adapter.decide(ask)).allowed).toBe(true);
    await pool.close();
    await vi.waitFor(() => expect(active()).toBe(0));
    expect(topaz.server.connections().directory.active).toBe(0);
  });
});
