/**
 * Every publishable package's `engines.node` is truthful: each Node release line it claims (the
 * first release of 20, 22 and 24 it admits) is admitted by every package it installs — its
 * dependencies and required peers, followed through the lockfile as npm resolved them — apart from
 * the listed exceptions, whose reasons say why the claim still holds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface LockEntry {
  readonly version?: string;
  /** A workspace's link: the workspace folder. */
  readonly resolved?: string;
  readonly link?: boolean;
  readonly dev?: boolean;
  readonly engines?: { readonly node?: string };
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { optional?: boolean }>>;
}

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/**
 * Dependencies whose declared `engines.node` is narrower than what they need, by the lockfile path
 * and the Node line they exclude.
 */
const DECLARED_TOO_NARROW: Record<string, { excludes: string; why: string }> = {
  'node_modules/light-my-request/node_modules/cookie': {
    excludes: '20.19.0',
    why: "fastify's light-my-request 6.8 requires cookie 2, which declares Node ≥ 22 but uses nothing Node 20 lacks: the Fastify adapter's tests and its quick start run on Node 20 in CI (npm prints EBADENGINE)",
  },
};

/** Node release lines checked: the first release of each that a range admits. */
const LINES = ['20.19.0', '22.12.0', '24.0.0', '26.0.0'];

/** The lockfile path npm resolves `name` to from the package at `from` (Node's lookup upward). */
function resolveFrom(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

/** Every lockfile path the package at `start` installs (its dependencies and required peers). */
function installedBy(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (from: string) => {
    const entry = lock.packages[from];
    if (!entry) return;
    if (entry.link && entry.resolved) return visit(entry.resolved);
    const optionalPeer = (name: string) => entry.peerDependenciesMeta?.[name]?.optional === true;
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeer(name)),
    ];
    for (const name of names) {
      const target = resolveFrom(from, name);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      visit(target);
    }
  };
  visit(start);
  return seen;
}

const workspaces = Object.entries(lock.packages).filter(
  ([key]) => key !== '' && !key.startsWith('node_modules/') && !key.includes('/node_modules/'),
);
const publishable = workspaces.filter(
  ([key]) =>
    !(JSON.parse(readFileSync(path.join(ROOT, key, 'package.json'), 'utf8')) as { private?: boolean })
      .private,
);

describe('engines.node of the published packages', () => {
  it('covers every publishable workspace', () => {
    expect(publishable.length).toBeGreaterThanOrEqual(9);
  });

  for (const [key] of publishable) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, key, 'package.json'), 'utf8')) as {
      name: string;
      engines?: { node?: string };
    };
    it(`${manifest.name}: every Node line it claims is admitted by what it installs`, () => {
      const claimed = manifest.engines?.node;
      expect(claimed, `${manifest.name} declares engines.node`).toBeTruthy();
      const lines = LINES.filter((line) => semver.satisfies(line, claimed as string));
      expect(lines).toContain('20.19.0');
      const refusals: string[] = [];
      for (const installed of installedBy(key)) {
        const range = lock.packages[installed]?.engines?.node;
        if (!range) continue;
        for (const line of lines) {
          if (semver.satisfies(line, range)) continue;
          if (DECLARED_TOO_NARROW[installed]?.excludes === line) continue;
          refusals.push(`${installed} (${range}) refuses Node ${line}`);
        }
      }
      expect(refusals).toEqual([]);
    });
  }

  it('lists only exceptions that still apply', () => {
    for (const [installed, { excludes }] of Object.entries(DECLARED_TOO_NARROW)) {
      const range = lock.packages[installed]?.engines?.node;
      expect(range, `${installed} is still installed`).toBeTruthy();
      expect(semver.satisfies(excludes, range as string), `${installed} still refuses ${excludes}`).toBe(
        false,
      );
    }
  });
});
