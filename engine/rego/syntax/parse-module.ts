/**
 * Entry points of the parser: modules (package, imports enabling keywords, rules), queries and
 * single terms. Every failure, including input nested too deeply, is a `rego_parse_error`.
 */
import { isStackOverflow, RegoError } from '../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { annotationBlocks, scoped } from './annotations.ts';
import type { Body, Import, Module, RegoVersion, Rule, Term } from './ast.ts';
import { tokenize } from './lexer.ts';
import { parseBody } from './parse-query.ts';
import { parseRules } from './parse-rule.ts';
import { parseTerm, parseTermInfix } from './parse-term.ts';
import {
  FUTURE_KEYWORDS,
  type FutureKeyword,
  type ImportableKeyword,
  LOGIC_KEYWORDS,
  MAX_NESTING_DEPTH,
  ParserState,
} from './parser-state.ts';

/** Options of the parser. */
export interface ParseOptions {
  /**
   * Syntax version (default `v0`, as OPA 0.x and Topaz): v0 modules enable the newer keywords
   * through `import future.keywords…` or `import rego.v1`; v1 modules always have them and
   * require `if` and `contains`.
   */
  readonly version?: RegoVersion;
  /** The OPA release whose syntax is accepted (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
}

function guarded<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (isStackOverflow(e)) {
      throw new RegoError('rego_parse_error', `nesting too deep (parser depth limit ${MAX_NESTING_DEPTH})`, {
        file,
        line: 1,
        column: 1,
      });
    }
    throw e;
  }
}

/**
 * Parses a Rego module.
 *
 * @param source the module text
 * @param file the file name used in locations and errors
 * @example
 * const mod = parseModule('package a\nallow if input.admin', 'a.rego', { version: 'v1' });
 */
export function parseModule(source: string, file: string, options: ParseOptions = {}): Module {
  return guarded(file, () => {
    const p = new ParserState(
      tokenize(source, file),
      file,
      options.version ?? 'v0',
      options.opaVersion ?? DEFAULT_OPA_VERSION,
    );
    if (!p.isKeyword('package')) p.unexpected('expected package declaration');
    const packageLoc = p.next().loc;
    const packagePath = parsePath(p, 'package');
    const imports: Import[] = [];
    const rules: Rule[] = [];
    while (p.tok.kind !== 'eof') {
      if (p.isKeyword('import')) {
        if (rules.length > 0) p.unexpected('imports must come before rules');
        imports.push(parseImport(p));
      } else if (p.isKeyword('package')) {
        p.unexpected('only one package declaration is allowed per module');
      } else {
        rules.push(...parseRules(p));
      }
      if (p.isPunct(';')) p.next();
      else if (!atStatementStart(p)) p.unexpected('expected newline');
    }
    return annotated(source, {
      file,
      packagePath: packagePath.slice(1),
      packageLoc,
      imports,
      rules,
      version: p.version,
    });
  });
}

/** `m` with the METADATA blocks of its source attached to the package and rules they precede. */
function annotated(source: string, m: Module): Module {
  if (!source.includes('METADATA')) return m;
  const blocks = new Map(annotationBlocks(source, m.file).map((b) => [b.targetLine, b.fields]));
  if (blocks.size === 0) return m;
  const pkg = blocks.get(m.packageLoc.line);
  const rules = m.rules.map((r) => {
    const fields = blocks.get(r.loc.line);
    return fields ? { ...r, annotations: scoped(fields, 'rule') } : r;
  });
  return { ...m, rules, ...(pkg ? { annotations: scoped(pkg, 'package') } : {}) };
}

/**
 * Parses a query (a body), e.g. `data.test.p = x`. Queries always know the newer keywords.
 *
 * @param source the query text
 * @param file name used in locations (default `query`)
 * @param opaVersion the OPA release whose syntax is accepted (default `v1.15.2`)
 */
export function parseQuery(
  source: string,
  file = 'query',
  opaVersion: OpaVersion = DEFAULT_OPA_VERSION,
): Body {
  return guarded(file, () => {
    const p = new ParserState(tokenize(source, file), file, 'v1', opaVersion);
    return parseBody(p, undefined);
  });
}

/** Parses a single term, e.g. `{"a": {1, 2}}` (the conformance files' `input_term`). */
export function parseTermText(source: string, file = 'term'): Term {
  return guarded(file, () => {
    const p = new ParserState(tokenize(source, file), file, 'v1', DEFAULT_OPA_VERSION);
    const term = parseTermInfix(p, false);
    if (p.tok.kind !== 'eof') p.unexpected('expected end of term');
    return term;
  });
}

function atStatementStart(p: ParserState): boolean {
  return p.tok.kind === 'eof' || p.tok.newline;
}

/** Parses a dotted path after `package`/`import` into its parts (first part the root). */
function parsePath(p: ParserState, what: string): string[] {
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

function parseImport(p: ParserState): Import {
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
