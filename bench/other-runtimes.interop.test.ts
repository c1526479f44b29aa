import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InProcessJob } from './hono-in-process-child.ts';
import { bunRuntime, denoImportMap, denoRuntime } from './other-runtimes.ts';
import { mediansOfProcesses } from './process-samples.ts';

const HONO_CHILD = fileURLToPath(new URL('./hono-in-process-child.ts', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./process-samples.fixture.ts', import.meta.url));

describe('the Hono benchmark in Bun and Deno', () => {
  it("maps every package of the root tsconfig to an existing source in Deno's import map", () => {
    const { imports } = denoImportMap();
    expect(Object.keys(imports)).toContain('@gatehousejs/hono');
    expect(Object.keys(imports)).toContain('@gatehousejs/core/testing');
    for (const url of Object.values(imports)) expect(existsSync(fileURLToPath(url)), url).toBe(true);
  });

  it.each([
    ['Bun', bunRuntime],
    ['Deno', denoRuntime],
  ])("runs the benchmark's child in %s, which answers over Node's IPC channel", async (name, runtimeOf) => {
    const runtime = runtimeOf();
    expect(runtime.name).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+$`));
    const job: InProcessJob = {
      variant: 'gate',
      baseline: 'none',
      env: 'fetch',
      measurement: { kind: 'loop', rounds: 2, requests: 200 },
    };
    const [medians] = await mediansOfProcesses(HONO_CHILD, [job], 1, runtime);
    expect(medians).toHaveLength(1);
    expect(Number.isFinite(medians?.[0])).toBe(true);
    await expect(mediansOfProcesses(FIXTURE, [{ exitCode: 3 }], 1, runtime)).rejects.toThrow(
      `${runtime.name}: `,
    );
  });
});
