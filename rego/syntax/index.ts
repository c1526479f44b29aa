/**
 * @module rego/syntax
 * Rego syntax: tokenizer, parser (v0 with `future.keywords`/`rego.v1` imports, and v1)
 * and the syntax tree types.
 */
export type {
  ArrayComprehension,
  ArrayTerm,
  Body,
  CallTerm,
  ElseClause,
  EveryExpr,
  Expr,
  GroupExpr,
  Import,
  Literal,
  LogicExpr,
  Module,
  ObjectComprehension,
  ObjectTerm,
  Operand,
  RefTerm,
  RegoVersion,
  Rule,
  RuleKind,
  ScalarTerm,
  SetComprehension,
  SetTerm,
  SomeDecl,
  SomeIn,
  Term,
  TermExpr,
  UnifyExpr,
  VarTerm,
  WithModifier,
} from './ast.ts';
export type { Token, TokenKind } from './lexer.ts';
export { tokenize } from './lexer.ts';
export type { ParseOptions } from './parse-module.ts';
export { parseModule, parseQuery, parseTermText } from './parse-module.ts';
export { TEMPLATE_STRING, TEMPLATE_VALUES } from './parse-template.ts';
export { INFIX_BUILTINS, MEMBER_2, MEMBER_3 } from './parse-term.ts';
export { MAX_NESTING_DEPTH } from './parser-state.ts';
