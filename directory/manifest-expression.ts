/**
 * The expression syntax of manifest v3 definitions, as Topaz's grammar has it:
 * relations are unions of `type`, `type:*` and `type#relation`; permissions combine
 * `name` and `base->name` terms with exactly one of `|`, `&` or a single `-`.
 * Offsets are character positions in the expression, so callers can point at the term.
 */
import type { PermissionOperator, PermissionTerm, RelationTerm } from './model.ts';

/** A parsed term and where it starts in the expression. */
export type Located<T> = T & { readonly offset: number };

/** A syntax error at `offset` in the expression. */
export interface ExpressionError {
  readonly ok: false;
  readonly message: string;
  readonly offset: number;
}

type TokenKind = 'name' | '|' | '&' | '-' | '->' | '#' | ':' | '*' | 'end';

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly offset: number;
}

const NAME = /[A-Za-z0-9_.]+/y;

function tokenize(text: string): Token[] | ExpressionError {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (text.startsWith('->', i)) {
      tokens.push({ kind: '->', text: '->', offset: i });
      i += 2;
      continue;
    }
    if ('|&-#:*'.includes(c)) {
      tokens.push({ kind: c as TokenKind, text: c, offset: i });
      i++;
      continue;
    }
    NAME.lastIndex = i;
    const match = NAME.exec(text);
    if (!match) return { ok: false, message: `unexpected character '${c}'`, offset: i };
    tokens.push({ kind: 'name', text: match[0], offset: i });
    i += match[0].length;
  }
  tokens.push({ kind: 'end', text: '', offset: text.length });
  return tokens;
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'end of definition' : `'${token.text}'`;
}

function fail(token: Token, message: string): ExpressionError {
  return { ok: false, message, offset: token.offset };
}

/** Parses a relation definition such as `user | group#member | user:*`. */
export function parseRelationExpression(
  text: string,
): { readonly ok: true; readonly terms: Located<RelationTerm>[] } | ExpressionError {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return tokens;
  if (tokens.length === 1) return fail(tokens[0] as Token, 'the definition is empty');
  const terms: Located<RelationTerm>[] = [];
  let i = 0;
  for (;;) {
    const name = tokens[i] as Token;
    if (name.kind !== 'name') return fail(name, `expected a type name but found ${describe(name)}`);
    const next = tokens[i + 1] as Token;
    if (next.kind === '#') {
      const relation = tokens[i + 2] as Token;
      if (relation.kind !== 'name') {
        return fail(relation, `expected a relation name after '#' but found ${describe(relation)}`);
      }
      terms.push({ kind: 'subjectSet', type: name.text, relation: relation.text, offset: name.offset });
      i += 3;
    } else if (next.kind === ':') {
      const star = tokens[i + 2] as Token;
      if (star.kind !== '*')
        return fail(star, `expected '*' after '${name.text}:' but found ${describe(star)}`);
      terms.push({ kind: 'wildcard', type: name.text, offset: name.offset });
      i += 3;
    } else {
      terms.push({ kind: 'direct', type: name.text, offset: name.offset });
      i += 1;
    }
    const separator = tokens[i] as Token;
    if (separator.kind === 'end') return { ok: true, terms };
    if (separator.kind === '->') return fail(separator, "arrows ('->') are only allowed in permissions");
    if (separator.kind === '&' || separator.kind === '-') {
      return fail(
        separator,
        `a relation is a union of types; '${separator.text}' is only allowed in permissions`,
      );
    }
    if (separator.kind !== '|') return fail(separator, `expected '|' but found ${describe(separator)}`);
    i += 1;
  }
}

const OPERATORS: Readonly<Record<string, PermissionOperator>> = {
  '|': 'union',
  '&': 'intersection',
  '-': 'exclusion',
};

/** Parses a permission definition such as `owner | parent->can_read` or `viewer - blocked`. */
export function parsePermissionExpression(
  text: string,
):
  | { readonly ok: true; readonly operator: PermissionOperator; readonly terms: Located<PermissionTerm>[] }
  | ExpressionError {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return tokens;
  if (tokens.length === 1) return fail(tokens[0] as Token, 'the definition is empty');
  const terms: Located<PermissionTerm>[] = [];
  let operator: Token | undefined;
  let i = 0;
  for (;;) {
    const name = tokens[i] as Token;
    if (name.kind !== 'name') {
      return fail(name, `expected a relation or permission name but found ${describe(name)}`);
    }
    const next = tokens[i + 1] as Token;
    if (next.kind === '->') {
      const target = tokens[i + 2] as Token;
      if (target.kind !== 'name') {
        return fail(
          target,
          `expected a relation or permission name after '->' but found ${describe(target)}`,
        );
      }
      terms.push({ base: name.text, name: target.text, offset: name.offset });
      i += 3;
    } else if (next.kind === '#' || next.kind === ':') {
      return fail(next, "subject sets ('#') and wildcards (':*') are only allowed in relations");
    } else {
      terms.push({ name: name.text, offset: name.offset });
      i += 1;
    }
    const separator = tokens[i] as Token;
    if (separator.kind === 'end') break;
    const kind = OPERATORS[separator.kind];
    if (!kind) return fail(separator, `expected '|', '&' or '-' but found ${describe(separator)}`);
    if (operator && operator.kind !== separator.kind) {
      return fail(
        separator,
        `a permission uses one operator: '${operator.text}' and '${separator.text}' cannot be mixed`,
      );
    }
    if (operator?.kind === '-') return fail(separator, "an exclusion ('-') takes exactly two terms");
    operator = separator;
    i += 1;
  }
  return { ok: true, operator: operator ? (OPERATORS[operator.kind] as PermissionOperator) : 'union', terms };
}
