/**
 * `rego.parse_module(filename, source)`: the module parsed as Rego v1 (as OPA 1.x's
 * `ast.ParseModule` does) and returned as OPA's AST JSON — package, imports, rules and
 * comments, without locations (OPA's default). A parse error is a built-in error carrying the
 * parser's `rego_parse_error`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { RegoError } from '../../errors.ts';
import { type Import, type Module, parseModule } from '../../syntax/index.ts';
import type { Value } from '../../value/index.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';
import { jsonObject } from './ast-json.ts';
import { commentsJson } from './comments.ts';
import { headOperators, ruleJson } from './rule-json.ts';

const NAME = 'rego.parse_module';

const pathTerm = (root: string, rest: readonly string[]): Value[] => [
  jsonObject({ type: 'var', value: root }),
  ...rest.map((s) => jsonObject({ type: 'string', value: s })),
];

function importJson(imp: Import): Value {
  const [root, ...rest] = imp.path;
  return jsonObject({
    path: jsonObject({ type: 'ref', value: pathTerm(root as string, rest) }),
    alias: imp.alias,
  });
}

/** OPA's text of one parse error: `1 error occurred: file:row: code: detail`, then the line and a caret. */
function parseErrorText(e: RegoError, source: string): string {
  const text = `1 error occurred: ${e.opaMessage()}`;
  const line = e.line === undefined ? undefined : source.split('\n')[e.line - 1];
  if (line === undefined || e.column === undefined) return text;
  // At the end of the input OPA points at the last character.
  const column = Math.min(e.column, Math.max(line.length, 1));
  return `${text}\n\t${line}\n\t${' '.repeat(column - 1)}^`;
}

/** A parsed module as OPA's AST JSON. */
export function moduleJson(module: Module, source: string): Value {
  const operatorAt = headOperators(source, module.file);
  const comments = commentsJson(source, module.file);
  return jsonObject({
    package: jsonObject({ path: pathTerm('data', module.packagePath) }),
    imports: module.imports.length ? module.imports.map(importJson) : undefined,
    rules: module.rules.length ? module.rules.map((r) => ruleJson(r, operatorAt)) : undefined,
    comments: comments.length ? comments : undefined,
  });
}

/** The `rego.parse_module` built-in. */
export const parseModuleBuiltins: readonly BuiltinDefinition[] = [
  defineFunction(NAME, 2, (args) => {
    const file = stringArg(NAME, args, 0);
    const source = stringArg(NAME, args, 1);
    let module: Module;
    try {
      module = parseModule(source, file, { version: 'v1' });
    } catch (e) {
      if (e instanceof RegoError) throw builtinError(NAME, parseErrorText(e, source), e);
      throw e;
    }
    return moduleJson(module, source);
  }),
];
