/**
 * The import graph of the repository's TypeScript sources, read with the TypeScript parser: every
 * `import`/`export … from` (and `import()` of a literal) of a file, resolved to a repository path
 * when relative, with whether it is type-only (erased when compiled, so no load-time edge).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a source file. */
export interface ImportEdge {
  /** The importing file, relative to the repository root (POSIX separators). */
  readonly from: string;
  /** The specifier as written. */
  readonly specifier: string;
  /** The imported file relative to the root, for a relative specifier; else undefined. */
  readonly target: string | undefined;
  /** Whether nothing of the import survives compilation (`import type`, or only `type` names). */
  readonly typeOnly: boolean;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', 'wiki-export', 'output']);

/** The `.ts`/`.tsx` files below `folder` (relative to `root`), skipping dependencies and build output. */
export function sourceFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(child);
    }
  };
  walk(folder);
  return files.sort();
}

/** Whether a file is test code: a test, or test support in a `fixtures/` or `testing/` folder. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)(fixtures|testing)\//.test(file);
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import loads the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * The imports of `file` (relative to `root`).
 *
 * @example
 * importsOf(root, 'rego/index.ts')[0]; // { from: 'rego/index.ts', specifier: './builtin.ts', target: 'rego/builtin.ts', typeOnly: true }
 */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const target = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : undefined;
    edges.push({ from: file, specifier, target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node));
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnlyExport(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/**
 * The import cycles among `files`: the strongly connected components of more than one file of the
 * graph of their load-time imports (type-only imports left out), each sorted, largest first.
 */
export function importCycles(root: string, files: readonly string[]): string[][] {
  const known = new Set(files);
  const next = new Map<string, string[]>();
  for (const file of files) {
    next.set(
      file,
      importsOf(root, file)
        .filter((e) => !e.typeOnly && e.target !== undefined && known.has(e.target))
        .map((e) => e.target as string),
    );
  }
  // Tarjan's algorithm, iterative over an explicit stack of (file, next successor index).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [file, at] = frame;
      const successors = next.get(file) ?? [];
      if (at < successors.length) {
        frame[1] = at + 1;
        const successor = successors[at] as string;
        if (!index.has(successor)) {
          index.set(successor, counter);
          low.set(successor, counter++);
          stack.push(successor);
          onStack.add(successor);
          work.push([successor, 0]);
        } else if (onStack.has(successor)) {
          low.set(file, Math.min(low.get(file) as number, index.get(successor) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(file) as number));
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => b.length - a.length || (a[0] as string).localeCompare(b[0] as string));
}
