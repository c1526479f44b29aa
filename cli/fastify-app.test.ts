import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { generatePoliciesCommand } from './commands/generate-policies.ts';
import { runCli, temporaryDirectory } from './fixtures/run-cli.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('authz-tool --app with a Fastify instance', () => {
  it('scans the routes authzPlugin saw: prefixes included, HEAD as GET, excluded and skipped routes left out', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const run = await runCli(generatePoliciesCommand, [
      '--app',
      'cli/fixtures/fastify-app.ts',
      '--output',
      dir,
    ]);
    expect(run.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([
      'shop.DELETE.api.orders.__order_id.rego',
      'shop.GET.api.orders.rego',
      'shop.GET.api.v2.items.__item_id.rego',
      'shop.PATCH.api.orders.__order_id.status.rego',
      'shop.PUT.api.orders.__order_id.status.rego',
      'shop.check.rego',
    ]);
    expect(run.messages).toContain(
      'info: 5 routes, policy root shop (configuration: cli/fixtures/fastify-app.ts:authzToolConfig)',
    );
  });
});
