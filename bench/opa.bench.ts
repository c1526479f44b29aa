/**
 * `npm run bench -- opa`: the engine beside OPA's own in-process evaluator (`opa bench`, OPA
 * v1.15.2 as Topaz 0.33.16 embeds it) on the same modules, data and queries (see
 * `opa-workloads.ts`): the specification's rules table, and the application's policies with the
 * directory answered alike for both, by Rego functions over a data document. Both answers are checked equal first. Printed:
 * nanoseconds per decision (wall time, mean over about a second of evaluations, median of three
 * such runs, as `opa bench` measures) and OPA's time over the engine's.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePolicies, standardBuiltins, toJson } from '@gatehousejs/engine';
import { ensurePeer } from '../test/support/peers.ts';
import { formatDuration, printTable } from './measure.ts';
import {
  APP_QUERY,
  type BenchModule,
  benchData,
  DECISIONS_PER_CASE,
  DIRECTORY_MODULE,
  RULES_TABLE_MODULE,
  RULES_TABLE_QUERY,
  withDataDirectory,
} from './opa-workloads.ts';

const OPA_VERSION = 'v1.15.2';
const POLICIES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies');
const ROUNDS = 3;

/** The application's policies as they ship. */
async function appModules(dir = POLICIES_DIR, prefix = 'policies'): Promise<BenchModule[]> {
  const out: BenchModule[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await appModules(full, `${prefix}/${entry.name}`)));
    else if (entry.name.endsWith('.rego'))
      out.push({ file: `${prefix}/${entry.name}`, source: await readFile(full, 'utf8') });
  }
  return out;
}

/** Mean wall nanoseconds per call over about a second, median of {@link ROUNDS} runs. */
function engineNsPerOp(operation: () => unknown): number {
  const runFor = (ms: number) => {
    const start = process.hrtime.bigint();
    let n = 0;
    do {
      for (let i = 0; i < 10; i++) operation();
      n += 10;
    } while (Number(process.hrtime.bigint() - start) < ms * 1e6);
    return Number(process.hrtime.bigint() - start) / n;
  };
  runFor(1_000);
  const rounds = Array.from({ length: ROUNDS }, () => runFor(1_000)).sort((a, b) => a - b);
  return rounds[Math.floor(ROUNDS / 2)] as number;
}

/** `opa bench`'s nanoseconds per evaluation (T/N), median of {@link ROUNDS} runs. */
function opaNsPerOp(opa: string, args: readonly string[], query: string): number {
  const output = execFileSync(
    opa,
    [
      'bench',
      ...args,
      '--format',
      'json',
      '--metrics=false',
      '--benchmem=false',
      '--count',
      String(ROUNDS),
      query,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // One JSON result per run, concatenated.
  const runs = output
    .trim()
    .split(/\n(?=\{)/)
    .map((text) => JSON.parse(text) as { N: number; T: number })
    .map((r) => r.T / r.N)
    .sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] as number;
}

function opaAnswer(opa: string, args: readonly string[], query: string): unknown {
  const output = JSON.parse(
    execFileSync(opa, ['eval', ...args, '--format', 'json', query], { encoding: 'utf8' }),
  );
  return output.result?.[0]?.bindings?.x;
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const opa = ensurePeer('opa', [OPA_VERSION]);
  const work = await mkdtemp(path.join(tmpdir(), 'gatehouse-opa-bench-'));
  try {
    const bundle = path.join(work, 'bundle');
    const modules = [...(await appModules()).map(withDataDirectory), RULES_TABLE_MODULE, DIRECTORY_MODULE];
    const data = benchData();
    for (const m of modules) {
      await mkdir(path.dirname(path.join(bundle, m.file)), { recursive: true });
      await writeFile(path.join(bundle, m.file), m.source);
    }
    await writeFile(path.join(bundle, 'data.json'), JSON.stringify(data));
    const opaArgs = ['--data', bundle];

    const policies = compilePolicies(modules, { builtins: standardBuiltins, version: 'v1', data });
    const rows: Record<string, string>[] = [];
    for (const [workload, query, cases] of [
      ['rules table (spec), resource-context input', RULES_TABLE_QUERY, data.bench.rules_cases],
      ['application policies, directory as data', APP_QUERY, data.bench.app_cases],
    ] as const) {
      const decisions = (cases as readonly unknown[]).length * DECISIONS_PER_CASE;
      const engineResult = toJson(policies.query(query)[0]?.x ?? null);
      const opaResult = opaAnswer(opa, opaArgs, query);
      if (JSON.stringify(engineResult) !== JSON.stringify(opaResult)) {
        throw new Error(
          `${workload}: engine ${JSON.stringify(engineResult)} but OPA ${JSON.stringify(opaResult)}`,
        );
      }
      const engineNs = engineNsPerOp(() => policies.query(query)) / decisions;
      const opaNs = opaNsPerOp(opa, opaArgs, query) / decisions;
      rows.push({
        workload,
        decisions: String(decisions),
        'engine per decision': formatDuration(engineNs),
        [`OPA ${OPA_VERSION} per decision`]: formatDuration(opaNs),
        'OPA ÷ engine': `${(opaNs / engineNs).toFixed(2)}×`,
      });
    }
    printTable(
      'engine beside OPA (opa bench): same modules, data and query; > 1× means the engine is faster',
      rows,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
