/**
 * The README's Fastify quick start, run as written: its code block in a file of its own (the
 * packages' imports pointed at this repository's sources), beside the Hono quick start's policies,
 * in a process of its own on a free loopback port; then the requests of its table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = (file: string) => pathToFileURL(path.join(ROOT, file)).href;
/** tsx's loader, by path: the quick start runs outside this repository's node_modules. */
const TSX = source('node_modules/tsx/dist/loader.mjs');
/** Where each package the quick start imports lives in this repository. */
const SPECIFIERS: Record<string, string> = {
  fastify: pathToFileURL(createRequire(import.meta.url).resolve('fastify')).href,
};
/** The packages resolve to this repository's sources through the root tsconfig's `paths`. */
const WORKSPACE_PACKAGE = /^@gatehousejs\//;

/** The Hono quick start's policies and manifest. */
const POLICIES: Record<string, string> = {
  'documents.rego':
    'package webapp.GET.api.documents\nimport rego.v1\ndefault allowed := false\nallowed if input.identity.type == "IDENTITY_TYPE_SUB"\n',
  'document.rego':
    'package webapp.GET.api.documents.__id\nimport rego.v1\ndefault allowed := false\nallowed if input.identity.type == "IDENTITY_TYPE_SUB"\n',
  'check.rego': [
    'package webapp.check',
    'import rego.v1',
    'default allowed := false',
    'allowed if ds.check({',
    '\t"object_type": input.resource.object_type, "object_id": input.resource.object_id,',
    '\t"relation": input.resource.relation, "subject_type": input.resource.subject_type,',
    '\t"subject_id": input.identity.value,',
    '})',
    '',
  ].join('\n'),
  'manifest.yaml':
    'model: { version: 3 }\ntypes:\n  user: {}\n  document:\n    relations: { owner: user, reader: "user | user:*" }\n    permissions: { can_read: owner | reader }\n',
};

async function quickStart(): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('\n## Quick start: protect a Fastify app\n')[1] ?? '';
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README: no ts block under "Quick start: protect a Fastify app"');
  return block.replace(/from '([^']+)'/g, (_, specifier: string) => {
    if (WORKSPACE_PACKAGE.test(specifier)) return `from '${specifier}'`;
    const target = SPECIFIERS[specifier];
    if (!target) throw new Error(`README quick start imports ${specifier}, which this test does not map`);
    return `from '${target}'`;
  });
}

describe('README: Fastify quick start', () => {
  let dir: string;
  let child: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-readme-fastify-'));
    await mkdir(path.join(dir, 'policies'));
    for (const [file, text] of Object.entries(POLICIES))
      await writeFile(path.join(dir, 'policies', file), text);
    // An ES module project, as the top-level awaits of the quick start need.
    await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(path.join(dir, 'quick-start.ts'), await quickStart());
    const port = await freePort();
    base = `http://localhost:${port}`;
    child = spawn(process.execPath, ['--import', TSX, 'quick-start.ts'], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`quick start exited (${code}): ${output}`))),
    );
    const listening = (async () => {
      for (;;) {
        const ok = await fetch(`${base}/health`).then(
          () => true,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.race([listening, exited]);
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill();
      await gone;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = async (url: string, user?: string) => {
    const res = await fetch(`${base}${url}`, { headers: user ? { 'X-User-ID': user } : {} });
    return { status: res.status, body: await res.text() };
  };

  it('answers as its table says', async () => {
    expect(await get('/health')).toEqual({ status: 200, body: 'ok' });
    expect(await get('/api/documents')).toEqual({
      status: 401,
      body: '{"detail":"Sign-in required: webapp.GET.api.documents"}',
    });
    expect(await get('/api/documents', 'alice')).toEqual({ status: 200, body: '[]' });
    expect(await get('/api/documents/1', 'alice')).toEqual({ status: 200, body: '{"id":"1"}' });
    expect(await get('/api/documents/1', 'bob')).toEqual({
      status: 403,
      body: '{"detail":"Access denied: webapp.check"}',
    });
  });
});
