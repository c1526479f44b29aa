/**
 * The GraphQL library, as the GraphQL built-ins import it. The published package has the
 * parts used bundled in its place (`bundle-libraries.mjs`, run by `npm run build`) with
 * `process.env.NODE_ENV` fixed to `production`: the library reads it when it is loaded, which Deno
 * refuses without `--allow-env` and which an edge runtime may not have at all.
 */
export type {
  ArgumentNode,
  ConstDirectiveNode,
  DefinitionNode,
  DirectiveNode,
  DocumentNode,
  EnumValueDefinitionNode,
  FieldDefinitionNode,
  InputValueDefinitionNode,
  NamedTypeNode,
  NameNode,
  OperationTypeDefinitionNode,
  SelectionNode,
  StringValueNode,
  Token,
  TypeNode,
  ValueNode,
  VariableDefinitionNode,
} from 'graphql';
export {
  buildASTSchema,
  GraphQLError,
  GraphQLSchema,
  Kind,
  Lexer,
  parse,
  Source,
  specifiedRules,
  TokenKind,
  validate,
  validateSchema,
} from 'graphql';
