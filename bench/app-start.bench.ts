/**
 * `npm run bench -- app-start`: `npm start` as a newcomer runs it, from the command to the first
 * `/health` 200 — cold (a new data directory: initdb included) and warm (the data directory of
 * the previous start) — with the CPU time npm and the application spent to get there, and the
 * application process's resident memory once idle; and once, first, the start that follows the
 * build (it compiles the whole application and keeps its code for the next ones). Beside it, the
 * same start through tsx (`node --import tsx app/main.ts`, compiling TypeScript at run time), in
 * interleaved rounds. Targets: warm ≤ 1 s, cold ≤ 3 s.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/free-port.ts';
import { printTable } from './measure.ts';
import { loadNow, machineLine, median, range } from './rounds.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 3;
const IDLE_MS = 3_000;
const WARM_TARGET_MS = 1_000;
const COLD_TARGET_MS = 3_000;

type Launcher = 'npm start' | 'tsx';

interface Start {
  readonly ms: number;
  /** CPU time (ms) of npm and the application's process up to /health 200 (PostgreSQL excluded). */
  readonly cpuMs: number;
  readonly rssMb?: number;
}

/** The environment of a start: free ports, a data directory, nothing inherited that points elsewhere. */
async function environment(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|OIDC_|LOCATION_|SESSION_|TOPAZ_|PORT$|npm_)/.test(name),
    ),
  );
  return {
    ...clean,
    PORT: String(await freePort()),
    OIDC_PROVIDER_PORT: String(await freePort()),
    LOCATION_SERVICE_PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DATA_DIR: dataDir,
  };
}

function launch(launcher: Launcher, env: NodeJS.ProcessEnv): ChildProcess {
  const [command, args] =
    launcher === 'npm start'
      ? ['npm', ['start', '--silent']]
      : [process.execPath, ['--import', 'tsx', 'app/main.ts']];
  return spawn(command, args, { cwd: ROOT, env, stdio: 'ignore', detached: true });
}

/** The pids of `pid` and every process below it. */
function tree(pid: number): number[] {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

/** Resident memory (MB) of the Node process that runs the application (not npm, not PostgreSQL). */
function applicationRss(root: number): number | undefined {
  for (const pid of tree(root)) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (command !== 'node' || !/app\/(start\.mjs|main\.ts)/.test(cmdline)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (rss) return Number(rss) / 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) spent so far by `root` and the processes below it, PostgreSQL's excluded: what
 * the start costs the machine, which a busy machine does not inflate as it does the wall time.
 */
function launcherCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of tree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command === 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the application exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The whole group: npm, the application and its PostgreSQL.
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** Whether `npm start` has kept the code it compiled (`app/dist/code-cache/`, see `app/code-cache.mjs`). */
function hasCodeCache(): boolean {
  try {
    return readdirSync(path.join(ROOT, 'app', 'dist', 'code-cache')).length > 0;
  } catch {
    return false;
  }
}

/**
 * One start to `/health` 200; with `measureRss`, the application's resident memory after idling;
 * with `keepCode`, it runs until it has written its code cache.
 */
async function start(
  launcher: Launcher,
  env: NodeJS.ProcessEnv,
  measureRss: boolean,
  keepCode = false,
): Promise<Start> {
  const began = performance.now();
  const child = launch(launcher, env);
  try {
    await healthy(`http://127.0.0.1:${env.PORT}/health`, child);
    const ms = performance.now() - began;
    const cpuMs = launcherCpuMs(child.pid!);
    const deadline = performance.now() + 60_000;
    while (keepCode && !hasCodeCache()) {
      if (performance.now() > deadline) throw new Error('npm start wrote no code cache within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!measureRss) return { ms, cpuMs };
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { ms, cpuMs, rssMb: applicationRss(child.pid!) };
  } finally {
    await stop(child);
  }
}

/** Runs the start-up benchmark and prints its figures. */
export async function run(): Promise<void> {
  console.log(`\n${machineLine()}`);
  const build = spawnSync(process.execPath, ['app/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`);
  console.log(`\n${build.stdout.trim()} (what the first \`npm start\` after a change adds)`);
  const loads: number[] = [];
  const samples = new Map<string, Start[]>();
  const add = (name: string, s: Start) => samples.set(name, [...(samples.get(name) ?? []), s]);
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'gatehouse-start-bench-'));
  await chmod(dataRoot, 0o755);
  try {
    // The first start after a build compiles the whole script and keeps the code (V8's code
    // cache) for the next ones: measured once, apart.
    const first = await start('npm start', await environment(path.join(dataRoot, 'first')), false, true);
    console.log(
      `First npm start after the build (cold; compiles the application and keeps its code): ${Math.round(first.ms)} ms to /health 200, ${Math.round(first.cpuMs)} ms of CPU`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      const launchers: Launcher[] = round % 2 === 0 ? ['npm start', 'tsx'] : ['tsx', 'npm start'];
      for (const launcher of launchers) {
        loads.push(loadNow());
        const env = await environment(path.join(dataRoot, `${launcher === 'tsx' ? 'tsx' : 'npm'}-${round}`));
        add(`${launcher}, cold`, await start(launcher, env, false));
        add(`${launcher}, warm`, await start(launcher, env, true));
      }
    }
  } finally {
    await rm(dataRoot, { recursive: true, force: true });
  }
  const target = (name: string) => (name.endsWith('cold') ? COLD_TARGET_MS : WARM_TARGET_MS);
  printTable(`app-start: command to /health 200, medians of ${ROUNDS} interleaved rounds`, [
    ...[...samples].map(([name, starts]) => {
      const ms = starts.map((s) => s.ms);
      const rss = starts.flatMap((s) => (s.rssMb === undefined ? [] : [s.rssMb]));
      return {
        start: name,
        'to /health 200 (ms)': Math.round(median(ms)),
        range: range(ms, (x) => x.toFixed(0)),
        'CPU to /health 200 (ms)': `${Math.round(median(starts.map((s) => s.cpuMs)))} (${range(
          starts.map((s) => s.cpuMs),
          (x) => x.toFixed(0),
        )})`,
        target: name.startsWith('npm')
          ? `≤ ${target(name)} ms: ${median(ms) <= target(name) ? 'met' : 'MISSED'}`
          : '—',
        'idle RSS (MB)':
          rss.length > 0 ? `${median(rss).toFixed(0)} (${range(rss, (x) => x.toFixed(0))})` : '—',
      };
    }),
  ]);
  console.log(
    `\nLoad average (1 min) during the rounds: ${range(loads, (x) => x.toFixed(1))}; idle RSS is the application's Node process ${IDLE_MS / 1000} s after /health 200; CPU is that of the launcher (npm, or node for tsx) and the application up to /health 200 (PostgreSQL and initdb excluded), which a busy machine inflates far less than the wall time.`,
  );
}
