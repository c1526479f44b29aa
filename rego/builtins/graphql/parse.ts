/**
 * Reading GraphQL text as gqlparser reads it, on the `graphql` library's parser: query and schema
 * documents kept apart, an empty document accepted, and syntax errors worded as gqlparser words
 * them (`Expected Name, found <EOF> in GraphQL string at location 1:2`).
 */
import {
  type DocumentNode,
  GraphQLError,
  Kind,
  Lexer,
  parse,
  Source,
  type Token,
  TokenKind,
} from '../../graphql-library.ts';
import { GraphQLProblem } from './problem.ts';

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
export function located(e: GraphQLError, text?: string): GraphQLProblem {
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

/** A query document. */
export function parseQuery(text: string): DocumentNode {
  return onlyDefinitions(parseDocument(text), true);
}

/** A schema document. */
export function parseSchema(text: string): DocumentNode {
  return onlyDefinitions(parseDocument(text), false);
}
