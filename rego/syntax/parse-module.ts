/**
 * Entry points of the parser: modules (package, imports enabling keywords, rules), queries and
 * single terms. Every failure, including input nested too deeply, is a `rego_parse_error`.
 */
import { isStackOverflow, RegoError } from '../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion } from '../opa-version.ts';
import { annotationBlocks, scoped } from './annotations.ts';
import type { Body, Import, Module, RegoVersion, Rule, Term } from './ast.ts';
import { tokenize } from './lexer.ts';
import { parseImport, parsePath } from './parse-import.ts';
import { parseBody } from './parse-query.ts';
import { parseRules } from './parse-rule.ts';
import { parseTermInfix } from './parse-term.ts';
import { MAX_NESTING_DEPTH, ParserState } from './parser-state.ts';

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
    // OPA skips a byte-order mark at the start of a file; its scanner refuses one anywhere else.
    const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
    const bom = text.indexOf('\uFEFF');
    if (bom >= 0) {
      const before = text.slice(0, bom);
      const line = before.split('\n').length;
      const column = bom - before.lastIndexOf('\n');
      throw new RegoError('rego_parse_error', 'illegal byte-order mark', { file, line, column });
    }
    const p = new ParserState(
      tokenize(text, file),
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
      let rule = false;
      if (p.isKeyword('import')) {
        if (rules.length > 0) p.unexpected('imports must come before rules');
        imports.push(parseImport(p));
      } else if (p.isKeyword('package')) {
        p.unexpected('only one package declaration is allowed per module');
      } else {
        rules.push(...parseRules(p));
        rule = true;
      }
      // OPA separates rules by newlines only (`p := 1; q := 2` is a parse error).
      if (p.isPunct(';') && rule) p.unexpected();
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
