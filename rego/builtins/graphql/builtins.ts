/**
 * OPA's GraphQL built-ins (`graphql.parse_query`, `parse_schema`, `parse`, `parse_and_verify`,
 * `is_valid`, `schema_is_valid`) on the `graphql` library: documents parsed and validated by it,
 * returned in gqlparser's AST shape as OPA returns them, with gqlparser's error texts
 * (`<message> in GraphQL string at location <line>:<column>`).
 */

import { type BuiltinDefinition, BuiltinError } from '../../builtin.ts';
import {
  buildASTSchema,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLError,
  GraphQLSchema,
  Kind,
  specifiedRules,
  validate,
  validateSchema,
} from '../../graphql-library.ts';
import { fromJson, isObject, toJson, type Value } from '../../value/index.ts';
import { builtinError, defineFunction, stringArg, typeError } from '../operands.ts';
import { queryDocumentAst } from './ast.ts';
import { located, parseQuery, parseSchema } from './parse.ts';
import { queryDocumentText, schemaDocumentText } from './print.ts';
import { GraphQLProblem } from './problem.ts';
import { schemaDocumentAst } from './schema-ast.ts';

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
