/**
 * `import` statements: `data`/`input` aliases, and the imports that change the language —
 * `future.keywords…` (the v1 keywords; from OPA v1.22 also `and`, `or` and `not { … }`),
 * `rego.v1`, and from OPA v1.22 `rego.v2` (v1 plus the logical operators).
 */
import { opaAtLeast } from '../opa-version.ts';
import type { Import } from './ast.ts';
import { parseTerm } from './parse-term.ts';
import {
  FUTURE_KEYWORDS,
  type FutureKeyword,
  type ImportableKeyword,
  LOGIC_KEYWORDS,
  type ParserState,
} from './parser-state.ts';

/** Parses an `import` statement and enables what it imports. */
export function parseImport(p: ParserState): Import {
  const loc = p.next().loc;
  const path = parsePath(p, 'import');
  const root = path[0] as string;
  if (!['data', 'input', 'future', 'rego'].includes(root)) {
    p.fail(loc, `unexpected import path, must begin with one of: {data, future, input, rego}, got: ${root}`);
  }
  let alias: string | undefined;
  if (p.isKeyword('as')) {
    p.next();
    const t = p.tok;
    if (t.kind !== 'ident' || p.isKeywordName(t.text)) p.unexpected('expected var');
    alias = p.next().text;
  }
  if (root === 'future') enableFutureKeywords(p, path, loc);
  if (root === 'rego') enableRegoVersion(p, path, loc);
  return { path, alias, loc };
}

/** `import rego.v1` (the v1 keywords and rules) or, from OPA v1.22, `import rego.v2` (also `and`, `or`, `not { … }`). */
function enableRegoVersion(p: ParserState, path: readonly string[], loc: Import['loc']): void {
  const v2 = opaAtLeast(p.opaVersion, 'v1.22.2');
  const name = path[1];
  if (path.length !== 2 || (name !== 'v1' && !(v2 && name === 'v2'))) {
    const allowed = v2 ? 'must be one of: `rego.v1`, `rego.v2`' : 'must be `rego.v1`';
    p.fail(loc, `invalid import \`${path.join('.')}\`, ${allowed}`);
  }
  p.version = 'v1';
  for (const k of FUTURE_KEYWORDS) p.keywords.add(k);
  if (name === 'v2') enableLogicKeywords(p, LOGIC_KEYWORDS);
}

/** Keywords `import future.keywords.<kw>` accepts under the parser's OPA version. */
function importableKeywords(p: ParserState): string[] {
  const logic = opaAtLeast(p.opaVersion, 'v1.22.2') ? LOGIC_KEYWORDS : [];
  return [...FUTURE_KEYWORDS, ...logic].sort();
}

function enableLogicKeywords(p: ParserState, kws: readonly string[]): void {
  for (const kw of kws) {
    if (kw === 'not') p.notBodies = true;
    else p.keywords.add(kw as ImportableKeyword);
  }
}

function enableFutureKeywords(p: ParserState, path: readonly string[], loc: Import['loc']): void {
  if (path[1] !== 'keywords' || path.length > 3) p.fail(loc, 'invalid import, must be `future.keywords`');
  const kw = path[2];
  const importable = importableKeywords(p);
  if (kw !== undefined && !importable.includes(kw)) {
    p.fail(loc, `unexpected keyword, must be one of [${importable.join(' ')}]`);
  }
  for (const k of kw === undefined ? importable : [kw]) {
    if ((FUTURE_KEYWORDS as readonly string[]).includes(k)) p.keywords.add(k as FutureKeyword);
    else enableLogicKeywords(p, [k]);
  }
  if (kw === 'every') p.keywords.add('in');
}

/** Parses a dotted path after `package`/`import` into its parts (first part the root). */
export function parsePath(p: ParserState, what: string): string[] {
  const t = p.tok;
  if (t.kind !== 'ident') p.unexpected(`expected ${what} path`);
  const term = parseTerm(p);
  const parts: string[] = [];
  if (term.type === 'var') return what === 'package' ? ['data', term.name] : [term.name];
  if (term.type !== 'ref' || term.head.type !== 'var') return p.fail(t.loc, `illegal ${what} path`);
  parts.push(term.head.name);
  for (const k of term.path) {
    if (k.type !== 'scalar' || typeof k.value !== 'string') {
      p.fail(k.loc, `unexpected ${k.type} token: expecting string`);
    }
    parts.push(k.value as string);
  }
  return what === 'package' ? ['data', ...parts] : parts;
}
