/**
 * @module rego/builtins/graphql
 * The GraphQL built-ins (`graphql.parse*`, `graphql.is_valid`, `graphql.schema_is_valid`):
 * documents and schemas parsed and validated as OPA's GraphQL library does, with its AST as JSON.
 */
export { graphqlBuiltins } from './builtins.ts';
