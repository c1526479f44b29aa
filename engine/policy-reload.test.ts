import type { Logger } from '@gatehousejs/core';
import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { RegoError } from '@gatehousejs/rego';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import type { ReloadEvent } from './embedded-service-options.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

/** Collects `onReload` events; `next()` waits for the next one. */
function reloadEvents() {
  const queued: ReloadEvent[] = [];
  let waiter: ((event: ReloadEvent) => void) | undefined;
  return {
    onReload(event: ReloadEvent) {
      if (waiter) {
        const resolve = waiter;
        waiter = undefined;
        resolve(event);
      } else {
        queued.push(event);
      }
    },
    next(): Promise<ReloadEvent> {
      const event = queued.shift();
      if (event) return Promise.resolve(event);
      return new Promise((resolve) => {
        waiter = resolve;
      });
    },
  };
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
}

const policy = (pkg: string, allowed: string) =>
  `package ${pkg}\n\ndefault allowed = false\n\nallowed {\n  ${allowed}\n}\n`;
const isAlice = 'input.identity.value == "alice"';
const isBob = 'input.identity.value == "bob"';

describe('policy reload', () => {
  let policies: TempPolicyDir;
  let service: EmbeddedDecisionService | undefined;
  const store = createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });
  const allowed = async (pkg: string, user: string) =>
    (
      await service!.decide({
        identity: { type: 'IDENTITY_TYPE_SUB', value: user },
        policyPath: pkg,
        decisions: ['allowed'],
        resourceContext: {},
      })
    ).allowed;

  const start = async (watch: boolean) => {
    policies = await createTempPolicyDir([{ file: 'app/docs.rego', source: policy('app.docs', isAlice) }]);
    const events = reloadEvents();
    const logger = recordingLogger();
    service = await createEmbeddedDecisionService({
      policiesDir: policies.dir,
      store,
      watch,
      watchDebounceMs: 20,
      onReload: events.onReload,
      logger,
    });
    return { events, logger };
  };

  afterEach(async () => {
    await service?.close();
    service = undefined;
    await policies.remove();
  });

  it('reload() swaps in changed and added policies and reports the packages', async () => {
    const { events } = await start(false);
    await policies.write('app/docs.rego', policy('app.docs', isBob));
    await policies.write('app/admin/users.rego', policy('app.admin.users', isAlice));
    expect(await allowed('app.docs', 'alice')).toBe(true);
    await service!.reload();
    expect(await events.next()).toEqual({ ok: true, packages: ['app.admin.users', 'app.docs'] });
    expect(service!.packages).toEqual(['app.admin.users', 'app.docs']);
    expect(await allowed('app.docs', 'alice')).toBe(false);
    expect(await allowed('app.docs', 'bob')).toBe(true);
    expect(await allowed('app.admin.users', 'alice')).toBe(true);
  });

  it('reload() of a bad edit rejects with file and line and keeps the last good policies', async () => {
    const { events, logger } = await start(false);
    await policies.write('app/docs.rego', policy('app.docs', 'input.identity.value = = "bob"'));
    const error = await service!.reload().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RegoError);
    expect((error as RegoError).message).toMatch(/app\/docs\.rego:6:\d+: rego_parse_error/);
    const event = await events.next();
    expect(event.ok).toBe(false);
    expect(event.ok === false && event.error).toBe(error);
    expect(logger.warnings.join('\n')).toMatch(/policy reload failed.*app\/docs\.rego:6/);
    expect(service!.packages).toEqual(['app.docs']);
    expect(await allowed('app.docs', 'alice')).toBe(true);
    expect(await allowed('app.docs', 'bob')).toBe(false);
  });

  it('watches the directory: a saved change is in force once onReload reports it', async () => {
    const { events } = await start(true);
    await policies.write('app/docs.rego', policy('app.docs', isBob));
    expect(await events.next()).toEqual({ ok: true, packages: ['app.docs'] });
    expect(await allowed('app.docs', 'bob')).toBe(true);
    expect(await allowed('app.docs', 'alice')).toBe(false);

    await policies.write('app/reports/new/list.rego', policy('app.reports.new.list', isAlice));
    expect(await events.next()).toEqual({ ok: true, packages: ['app.docs', 'app.reports.new.list'] });
    expect(await allowed('app.reports.new.list', 'alice')).toBe(true);

    await policies.delete('app/reports/new/list.rego');
    expect(await events.next()).toEqual({ ok: true, packages: ['app.docs'] });
  });

  it('watches the directory: a bad edit is reported, the last good set stays, and the fix is picked up', async () => {
    const { events, logger } = await start(true);
    await policies.write('app/docs.rego', policy('app.docs', 'frobnicate(input.identity.value)'));
    const failed = await events.next();
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.error).toBeInstanceOf(RegoError);
    expect(failed.error.message).toMatch(
      /app\/docs\.rego:6:\d+: rego_type_error: undefined function frobnicate/,
    );
    expect(logger.warnings).toHaveLength(1);
    expect(await allowed('app.docs', 'alice')).toBe(true);

    await policies.write('app/docs.rego', policy('app.docs', isBob));
    expect(await events.next()).toEqual({ ok: true, packages: ['app.docs'] });
    expect(await allowed('app.docs', 'bob')).toBe(true);
  });
});
