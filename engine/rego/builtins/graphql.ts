/**
 * OPA's GraphQL built-ins (`graphql.parse_query`, `parse_schema`, `parse`, `parse_and_verify`,
 * `is_valid`, `schema_is_valid`) on the `graphql` library: documents parsed and validated by it,
 * returned in gqlparser's AST shape as OPA returns them, with gqlparser's error texts
 * (`<message> in GraphQL string at location <line>:<column>`).
 */
import {
  buildASTSchema,
  type DefinitionNode,
  type DocumentNode,
  GraphQLError,
  GraphQLSchema,
  Kind,
  Lexer,
  parse,
  Source,
  specifiedRules,
  type Token,
  TokenKind,
  validate,
  validateSchema,
} from 'graphql';
import { type BuiltinDefinition, BuiltinError } from '../builtin.ts';
import { fromJson, isObject, toJson, type Value } from '../value.ts';
import { queryDocumentAst, schemaDocumentAst } from './graphql-ast.ts';
import { queryDocumentText, schemaDocumentText } from './graphql-print.ts';
import { GraphQLProblem } from './graphql-problem.ts';
import { builtinError, defineFunction, stringArg, typeError } from './operands.ts';

/** gqlparser's description of a token: punctuators bare, names and values tagged. */
function tokenText(t: Token): string {
  if (t.kind === '<EOF>') return '<EOF>';
  if (t.value === undefined) return t.kind;
  return `${t.kind} "${t.value}"`;
}

/** The offset of `line`:`column` (1-based) in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at + column - 1;
}

/** gqlparser's wording of a syntax error where graphql-js words it differently. */
function gqlparserSyntax(message: string, text: string, line: number, column: number): [string, number] {
  const at = offsetOf(text, line, column);
  if (message === 'Expected Name, found }' && text.slice(0, at).trimEnd().endsWith('{')) {
    return ['expected at least one definition, found }', column];
  }
  if (message.startsWith('Unexpected variable ')) return ['Unexpected $', column];
  if (message.startsWith('Unterminated string')) return ['Unexpected <Invalid>', column];
  const str = /^"((?:[^"\\\n]|\\.)*)"/.exec(text.slice(at));
  if (str && (message.startsWith('Unexpected description') || message.startsWith('Unexpected String'))) {
    // gqlparser places a string token after its opening quote.
    return [`Unexpected String ${JSON.stringify(JSON.parse(str[0]))}`, column + 1];
  }
  return [message, column];
}

/** OPA's rewording of a located error: `<message> in GraphQL string at location L:C`. */
function located(e: GraphQLError, text?: string): GraphQLProblem {
  const loc = e.locations?.[0];
  const syntax = e.message.startsWith('Syntax Error: ');
  // gqlparser's validation errors end with a newline; OPA trims it only together with a period.
  let message = (syntax || e.message.endsWith('.') ? e.message : `${e.message}\n`)
    .replace(/^Syntax Error: /, '')
    .replace(/\.$/, '')
    .replace(/"(\.\.\.|[!$&()[\]{}|:=@])"/g, '$1');
  if (!loc) return new GraphQLProblem(`GraphQL parse error: ${message}`);
  let column = loc.column;
  if (text !== undefined) [message, column] = gqlparserSyntax(message, text, loc.line, loc.column);
  return new GraphQLProblem(`${message} in GraphQL string at location ${loc.line}:${column}`);
}

/** Whether `text` holds no token (gqlparser reads it as an empty document). */
function isBlank(text: string): boolean {
  try {
    return new Lexer(new Source(text)).advance().kind === TokenKind.EOF;
  } catch {
    return false;
  }
}

function parseDocument(text: string): DocumentNode {
  if (isBlank(text)) return { kind: Kind.DOCUMENT, definitions: [] };
  try {
    return parse(text, { allowLegacyFragmentVariables: true });
  } catch (e) {
    if (e instanceof GraphQLError) throw located(e, text);
    throw e;
  }
}

/** Rejects definitions of the other kind of document, as gqlparser's two parsers do. */
function onlyDefinitions(doc: DocumentNode, executable: boolean): DocumentNode {
  for (const d of doc.definitions) {
    const isExecutable = d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION;
    if (isExecutable !== executable && d.loc) {
      const t = d.loc.startToken;
      throw new GraphQLProblem(
        `Unexpected ${tokenText(t)} in GraphQL string at location ${t.line}:${t.column}`,
      );
    }
  }
  return doc;
}

function queryText(name: string, v: Value, pos: number): string {
  if (typeof v === 'string') return v;
  if (isObject(v)) return queryDocumentText(toJson(v));
  throw typeError(name, pos, v, 'string', 'object');
}

function schemaText(name: string, v: Value, pos: number): string {
  if (typeof v === 'string') return v;
  if (isObject(v)) return schemaDocumentText(toJson(v));
  throw typeError(name, pos, v, 'string', 'object');
}

function parseQuery(text: string): DocumentNode {
  return onlyDefinitions(parseDocument(text), true);
}

function parseSchema(text: string): DocumentNode {
  return onlyDefinitions(parseDocument(text), false);
}

/** Schemas built from their text, the 10 most recent (OPA caches 10 as well). */
const schemaCache = new Map<string, GraphQLSchema>();

const EXTENDED: Readonly<Record<string, DefinitionNode['kind']>> = {
  [Kind.SCALAR_TYPE_EXTENSION]: Kind.SCALAR_TYPE_DEFINITION,
  [Kind.OBJECT_TYPE_EXTENSION]: Kind.OBJECT_TYPE_DEFINITION,
  [Kind.INTERFACE_TYPE_EXTENSION]: Kind.INTERFACE_TYPE_DEFINITION,
  [Kind.UNION_TYPE_EXTENSION]: Kind.UNION_TYPE_DEFINITION,
  [Kind.ENUM_TYPE_EXTENSION]: Kind.ENUM_TYPE_DEFINITION,
  [Kind.INPUT_OBJECT_TYPE_EXTENSION]: Kind.INPUT_OBJECT_TYPE_DEFINITION,
};

/** `doc` with the first extension of each undefined type read as its definition, as gqlparser does. */
function definingExtensions(doc: DocumentNode): DocumentNode {
  const defined = new Set<string>();
  for (const d of doc.definitions)
    if ('name' in d && d.name && !(d.kind in EXTENDED)) defined.add(d.name.value);
  const definitions = doc.definitions.map((d) => {
    const kind = EXTENDED[d.kind];
    if (kind === undefined || !('name' in d) || !d.name || defined.has(d.name.value)) return d;
    defined.add(d.name.value);
    return { ...d, kind } as DefinitionNode;
  });
  return { ...doc, definitions };
}

/** The schema of `doc` with the built-in scalars and directives, validated (a Query type is optional, as in gqlparser). */
function buildSchema(text: string, doc: DocumentNode): GraphQLSchema {
  const cached = schemaCache.get(text);
  if (cached) return cached;
  let schema: GraphQLSchema;
  try {
    const full = definingExtensions(doc);
    const problems = validateSchema(buildASTSchema(full)).filter(
      (e) => !e.message.startsWith('Query root type'),
    );
    if (problems[0]) throw problems[0];
    // (graphql-js returns an empty document's schema unmarked as valid, so that one is made here.)
    schema =
      full.definitions.length === 0
        ? new GraphQLSchema({ assumeValid: true })
        : buildASTSchema(full, { assumeValid: true, assumeValidSDL: true });
  } catch (e) {
    throw new GraphQLProblem(
      `Error in gqlparser SchemaDocument to Schema conversion: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  if (schemaCache.size >= 10) schemaCache.delete(schemaCache.keys().next().value as string);
  schemaCache.set(text, schema);
  return schema;
}

function validateQuery(schema: GraphQLSchema, query: DocumentNode): void {
  // gqlparser checks that the schema has the operation's root type (graphql-js skips such operations).
  for (const d of query.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION || schema.getRootType(d.operation)) continue;
    const where = d.loc
      ? ` in GraphQL string at location ${d.loc.startToken.line}:${d.loc.startToken.column}`
      : '';
    throw new GraphQLProblem(`Schema does not support operation type "${d.operation}"\n${where}`);
  }
  let errors: readonly GraphQLError[];
  try {
    errors = validate(schema, query, specifiedRules);
  } catch (e) {
    throw new GraphQLProblem(`GraphQL parse error: ${(e as Error).message.split('\n')[0]}`);
  }
  const first = errors[0];
  if (first) throw located(first);
}

/** Runs `f`, reporting a GraphQL problem as `name`'s built-in error. */
function reported<T>(name: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof GraphQLProblem) throw builtinError(name, e.message);
    throw e;
  }
}

/** Whether `f` runs without a GraphQL problem or operand error. */
function succeeds(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (e instanceof GraphQLProblem || e instanceof BuiltinError) return false;
    throw e;
  }
}

/** Query and schema of `args`, parsed, the schema built and the query validated against it. */
function verified(name: string, args: readonly Value[]): [Value, Value] {
  const query = parseQuery(queryText(name, args[0] as Value, 1));
  const sText = schemaText(name, args[1] as Value, 2);
  const schemaDoc = parseSchema(sText);
  validateQuery(buildSchema(sText, schemaDoc), query);
  return [fromJson(queryDocumentAst(query)), fromJson(schemaDocumentAst(schemaDoc))];
}

/** The GraphQL built-ins. */
export const graphqlBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('graphql.parse_query', 1, (args) =>
    reported('graphql.parse_query', () =>
      fromJson(queryDocumentAst(parseQuery(stringArg('graphql.parse_query', args, 0)))),
    ),
  ),
  defineFunction('graphql.parse_schema', 1, (args) =>
    reported('graphql.parse_schema', () =>
      fromJson(schemaDocumentAst(parseSchema(stringArg('graphql.parse_schema', args, 0)))),
    ),
  ),
  defineFunction('graphql.parse', 2, (args) =>
    reported('graphql.parse', () => verified('graphql.parse', args)),
  ),
  defineFunction('graphql.parse_and_verify', 2, (args) => {
    let out: Value = [false, {}, {}];
    succeeds(() => {
      out = [true, ...verified('graphql.parse_and_verify', args)];
    });
    return out;
  }),
  defineFunction('graphql.is_valid', 2, (args) =>
    succeeds(() => {
      const query = parseQuery(queryText('graphql.is_valid', args[0] as Value, 1));
      const sText = schemaText('graphql.is_valid', args[1] as Value, 2);
      validateQuery(buildSchema(sText, parseSchema(sText)), query);
    }),
  ),
  defineFunction('graphql.schema_is_valid', 1, (args) =>
    succeeds(() => {
      const sText = schemaText('graphql.schema_is_valid', args[0] as Value, 1);
      buildSchema(sText, parseSchema(sText));
    }),
  ),
];
