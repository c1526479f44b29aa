/**
 * Fuzzing the parser (and the compiler behind it): random text and mutations of real modules
 * (OPA's conformance modules when present, else built-in seeds) must only ever produce a
 * module or a RegoError — never another exception, a hang or a stack overflow.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { standardBuiltins } from '../builtins/index.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';
import { parseModule, parseQuery } from './index.ts';

const SEEDS = [
  'package a\nimport rego.v1\ndefault allow := false\nallow if { input.user == "alice"; some r in input.roles; r == "admin" }',
  'package b\nimport future.keywords.in\np[x] { x := [1, 2, 3][_] }\nq = y { y := {k: v | some k, v in {"a": 1}} }\nf(x) = 1 { x > 0 } else = 2',
  'package c\nimport future.keywords\nr contains msg if { every c in input.cs { startswith(c, "x") }; msg := sprintf("%v", [1]) }',
  'package d\nw { not data.x.y with input as {"a": [1, {2}]} }\ns := {1, 2} | {3}\nt := `raw\nstring`',
];

function conformanceModules(): string[] {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dir = process.env.OPA_CONFORMANCE_DIR ?? path.resolve(repo, '../shared/conformance/opa');
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const category of readdirSync(dir)) {
    const folder = path.join(dir, category);
    if (!existsSync(folder) || category.includes('.')) continue;
    for (const file of readdirSync(folder)) {
      const doc = parse(readFileSync(path.join(folder, file), 'utf8')) as {
        cases?: { modules?: string[] }[];
      };
      for (const c of doc?.cases ?? []) out.push(...(c.modules ?? []));
    }
  }
  return out;
}

const FRAGMENTS = [
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '|',
  ':=',
  '=',
  '==',
  ',',
  ';',
  '.',
  '\n',
  ' not ',
  ' some ',
  ' in ',
  ' every ',
  ' with ',
  ' as ',
  ' if ',
  ' contains ',
  ' else ',
  ' default ',
  'import ',
  'package ',
  '"',
  '`',
  '#',
  '_',
  '-',
  '1e400',
  '0x1',
  '"\\u12"',
  'data.',
  'input[',
  'x',
  '$"',
  '\u0000',
  '\u{1F600}',
];

function mutate(source: string, rnd: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  let s = source;
  const edits = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rnd() * (s.length + 1));
    switch (Math.floor(rnd() * 6)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rnd() * 8));
        break;
      case 1:
        s = s.slice(0, at) + pick(FRAGMENTS) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at);
        break;
      case 3: {
        const from = Math.floor(rnd() * s.length);
        s = s.slice(0, at) + s.slice(from, from + 20) + s.slice(at);
        break;
      }
      case 4:
        s = s.slice(0, at) + '['.repeat(1 + Math.floor(rnd() * 400)) + s.slice(at);
        break;
      default:
        s = s.slice(0, at) + String.fromCharCode(Math.floor(rnd() * 128)) + s.slice(at);
    }
  }
  return s;
}

function randomText(rnd: () => number): string {
  let s = 'package fuzz\n';
  const n = Math.floor(rnd() * 60);
  for (let i = 0; i < n; i++) s += FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)];
  return s;
}

function expectOnlyRegoErrors(source: string): void {
  for (const run of [
    () => parseModule(source, 'fuzz.rego'),
    () => parseModule(source, 'fuzz.rego', { version: 'v1' }),
    () => parseQuery(source),
    () => compilePolicies([{ file: 'fuzz.rego', source }], { builtins: standardBuiltins }),
  ]) {
    try {
      run();
    } catch (e) {
      if (!(e instanceof RegoError)) {
        throw new Error(`non-RegoError for input ${JSON.stringify(source)}: ${String(e)}`, { cause: e });
      }
    }
  }
}

describe('parser fuzzing', () => {
  const modules = [...SEEDS, ...conformanceModules()];

  it('only ever throws RegoError on mutated real modules', () => {
    const rnd = seededRandom(20_260_401);
    for (let i = 0; i < 1_500; i++) {
      expectOnlyRegoErrors(mutate(modules[Math.floor(rnd() * modules.length)] as string, rnd));
    }
  });

  it('only ever throws RegoError on random token soup', () => {
    const rnd = seededRandom(7);
    for (let i = 0; i < 1_500; i++) expectOnlyRegoErrors(randomText(rnd));
  });

  it('parses every seed (the fuzzer starts from valid input)', () => {
    for (const s of SEEDS) expect(parseModule(s, 'seed.rego').rules.length).toBeGreaterThan(0);
  });
});
