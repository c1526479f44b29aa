/**
 * A check of the built-in calls of a module against the declarations, before evaluation: a
 * constant argument (a literal, or a collection or comprehension written in place) whose kind the
 * built-in's declared type does not admit — `count(5)`, `concat(",", "a")` — as OPA's type checker
 * would refuse it. Arguments computed at evaluation time are left to evaluation.
 */
import type { SourceLocation } from '../../errors.ts';
import type { CallTerm, Module, Term } from '../../syntax/index.ts';
import { BUILTIN_DECLARATIONS } from './all.ts';
import type { BuiltinDeclaration } from './declaration.ts';

/** One argument that cannot be what the built-in wants. */
export interface ArgumentProblem {
  readonly location: SourceLocation;
  readonly builtin: string;
  /** 1-based. */
  readonly position: number;
  /** The declared type. */
  readonly wanted: string;
  /** The kind of the argument as written. */
  readonly got: string;
  /** `<builtin>: argument <n> (<name>) must be <type>, got <kind>`. */
  readonly message: string;
}

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'set' | 'object';
const KINDS: readonly Kind[] = ['null', 'boolean', 'number', 'string', 'array', 'set', 'object'];

/** The alternatives of `any<A, B>` at the top level (commas inside brackets belong to them). */
function alternatives(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '<' || c === '[') depth++;
    else if (c === '>' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(inner.slice(start).trim());
  return parts;
}

/** The kinds a type in OPA's notation admits at its top level. */
export function admittedKinds(type: string): ReadonlySet<Kind> {
  if (type === 'any') return new Set(KINDS);
  if (type.startsWith('any<') && type.endsWith('>')) {
    return new Set(alternatives(type.slice(4, -1)).flatMap((t) => [...admittedKinds(t)]));
  }
  const head = /^[a-z]+/.exec(type)?.[0] as Kind | undefined;
  return new Set(head && KINDS.includes(head) ? [head] : KINDS);
}

/** The kind of a term as written, when it is fixed before evaluation. */
function writtenKind(term: Term): Kind | undefined {
  switch (term.type) {
    case 'scalar':
      return term.value === null
        ? 'null'
        : typeof term.value === 'bigint'
          ? 'number'
          : (typeof term.value as Kind);
    case 'array':
    case 'arraycomp':
      return 'array';
    case 'set':
    case 'setcomp':
      return 'set';
    case 'object':
    case 'objectcomp':
      return 'object';
    default:
      return undefined;
  }
}

/** Every call term below `node`, in source order. */
function* callsIn(node: unknown): Generator<CallTerm> {
  if (Array.isArray(node)) {
    for (const item of node) yield* callsIn(item);
  } else if (typeof node === 'object' && node !== null) {
    if ((node as { type?: unknown }).type === 'call') yield node as CallTerm;
    for (const [key, value] of Object.entries(node)) if (key !== 'loc') yield* callsIn(value);
  }
}

/**
 * The arguments of built-in calls in `module` that the declarations rule out.
 *
 * @param declarations default: every declaration
 * @example
 * builtinArgumentProblems(parseModule('package a\nn := count(5)', 'a.rego'))[0]?.message;
 * // 'count: argument 1 (collection) must be any<string, array[any], object[any: any], set[any]>, got number'
 */
export function builtinArgumentProblems(
  module: Module,
  declarations: readonly BuiltinDeclaration[] = BUILTIN_DECLARATIONS,
): ArgumentProblem[] {
  const byName = new Map(declarations.map((d) => [d.name, d]));
  // A function the module defines is not the built-in of the same name.
  const own = new Set(module.rules.map((r) => r.name));
  const problems: ArgumentProblem[] = [];
  for (const call of callsIn(module.rules)) {
    const declaration = byName.get(call.name);
    if (!declaration || own.has(call.name)) continue;
    call.args.forEach((arg, i) => {
      const operand = declaration.args[i] ?? declaration.variadic;
      const got = writtenKind(arg);
      if (!operand || !got || admittedKinds(operand.type).has(got)) return;
      problems.push({
        location: arg.loc,
        builtin: call.name,
        position: i + 1,
        wanted: operand.type,
        got,
        message: `${call.name}: argument ${i + 1} (${operand.name}) must be ${operand.type}, got ${got}`,
      });
    });
  }
  return problems;
}
