import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The entries an edge runtime loads (workerd without nodejs_compat, Deno without permissions)
// must reach no Node built-in module and use none of Node's globals. Their import graphs are
// bundled for a neutral platform; every Node module imported anywhere in them is reported, and
// every source file of this repository among them is searched for uses of Node's globals.
// (Dependencies may test for `Buffer` as a fallback; the consumer test runs the entries on the
// edge runtimes themselves.)

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = [
  'core/index.ts',
  'rego/index.ts',
  'adapters/hono/index.ts',
  'directory/index.ts',
  'engine/index.ts',
];
const NODE_GLOBALS = new Set(['Buffer', 'process', 'require', '__dirname', '__filename', 'global']);
const NODE_MODULE = new RegExp(
  `^(node:.*|${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})$`,
);

/** The Node modules imported below `entry` (as `importer -> module`) and its input files. */
async function importGraph(entry: string): Promise<{ nodeImports: string[]; inputs: string[] }> {
  const nodeImports: string[] = [];
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'report-node-modules',
        setup(build) {
          build.onResolve({ filter: NODE_MODULE }, (args) => {
            nodeImports.push(`${path.relative(ROOT, args.importer)} -> ${args.path}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return { nodeImports, inputs: Object.keys(result.metafile.inputs) };
}

/** Uses of Node's globals in `file` (`Buffer.from`, `process.env`, `typeof process`, calls…). */
function nodeGlobalUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const used =
        (ts.isPropertyAccessExpression(parent) && parent.expression === node) ||
        (ts.isElementAccessExpression(parent) && parent.expression === node) ||
        ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === node) ||
        ts.isTypeOfExpression(parent) ||
        (ts.isTypeReferenceNode(parent) && parent.typeName === node);
      if (used) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        uses.push(`${file}:${line + 1} ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe('the runtime-neutral entries', () => {
  for (const entry of ENTRIES) {
    it(`${entry} reaches no Node module and uses no Node global`, async () => {
      const { nodeImports, inputs } = await importGraph(entry);
      expect(nodeImports).toEqual([]);
      const own = inputs.filter((input) => !input.includes('node_modules/') && input.endsWith('.ts'));
      expect(own).toContain(entry);
      const uses = (
        await Promise.all(
          own.map(async (file) => nodeGlobalUses(file, await readFile(path.join(ROOT, file), 'utf8'))),
        )
      ).flat();
      expect(uses).toEqual([]);
    });
  }

  it('the check finds Node modules and globals where they are', async () => {
    const { nodeImports } = await importGraph('engine/node.ts');
    expect(nodeImports.some((line) => line.endsWith('-> node:fs/promises'))).toBe(true);
    expect(nodeGlobalUses('x.ts', 'const b = Buffer.from("x"); const e = process.env.X;')).toEqual([
      'x.ts:1 Buffer',
      'x.ts:1 process',
    ]);
    expect(nodeGlobalUses('x.ts', 'const o = { process: 1 }; o.process; function process2() {}')).toEqual([]);
  });
});
