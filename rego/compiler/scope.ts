/**
 * Variable scoping during name resolution. Each body (rule body, comprehension, `every` body)
 * is a scope. A variable declared with `:=`, `some`, `every` or as a function parameter belongs
 * to the scope declaring it and shadows rule names; any other variable belongs to the outermost
 * enclosing body that mentions it (so comprehensions share the variables of their rule), and is
 * local to the innermost body otherwise. Every variable gets a unique name (`x#3`).
 */
import { RegoError, type SourceLocation } from '../errors.ts';
import type { Body, Expr, Literal, Operand, Term } from '../syntax/index.ts';

/** Allocates unique variable names within one rule or query. */
export class VarNamer {
  private n = 0;
  /** A unique name for a variable written `name`. */
  fresh(name: string): string {
    return `${name}#${this.n++}`;
  }
}

/** The written name of a unique variable name. */
export function displayName(unique: string): string {
  const i = unique.lastIndexOf('#');
  return i < 0 ? unique : unique.slice(0, i);
}

/** One body's variables. */
export class Scope {
  readonly parent: Scope | undefined;
  readonly namer: VarNamer;
  /** Names mentioned at this body's own level (not inside nested bodies). */
  readonly mentioned: ReadonlySet<string>;
  private readonly declared = new Map<string, string>();
  private readonly how = new Map<string, 'assigned' | 'declared'>();
  private readonly someDeclared = new Map<string, { name: string; loc: SourceLocation }>();
  private readonly implicit = new Map<string, string>();
  private readonly pending = new Set<string>();
  /** Unique names used here that belong to enclosing scopes. */
  readonly outer = new Set<string>();
  /**
   * Set while a rule's head terms are resolved: OPA rewrites a head's comprehensions on a stack
   * of their own, so for {@link seenAbove} they see nothing of the rule body.
   */
  resolvingHead = false;
  /** An `every` body: `x := x` there does not read an outer `x` bound by unification. */
  everyBody = false;

  constructor(parent: Scope | undefined, namer: VarNamer, mentioned: ReadonlySet<string>) {
    this.parent = parent;
    this.namer = namer;
    this.mentioned = mentioned;
  }

  /** The unique name of a declared variable visible here, if any. */
  declaredName(name: string): string | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const u = s.declared.get(name);
      if (u) return u;
    }
    return undefined;
  }

  /** Whether `name` is declared in this very scope. */
  declaresHere(name: string): boolean {
    return this.declared.has(name) && !this.pending.has(name);
  }

  /**
   * Declares `name` here ahead of its declaration, which then takes this unique name: every use
   * before it already reads it (see `reboundInEvery`).
   */
  predeclare(name: string): void {
    this.declared.set(name, this.namer.fresh(name));
    this.pending.add(name);
  }

  /** Whether `name` is declared ahead here and its declaration not met yet. */
  pendingHere(name: string): boolean {
    return this.pending.has(name);
  }

  /**
   * Whether an enclosing body has declared or used `name` before this point (OPA's stack of
   * declared variables): an assignment `x := x` in a nested body then reads the outer `x`.
   */
  seenAbove(name: string): boolean {
    for (let s = this.parent; s && !s.resolvingHead; s = s.parent)
      if (s.declared.has(name) || (!this.everyBody && s.implicit.has(name))) return true;
    return false;
  }

  /** Whether an enclosing scope has used `name` as an undeclared variable so far. */
  usedAbove(name: string): boolean {
    for (let s = this.parent; s && !s.resolvingHead; s = s.parent) if (s.implicit.has(name)) return true;
    return false;
  }

  /** Whether `name` was already used as an undeclared variable of this scope. */
  usedHere(name: string): boolean {
    return this.implicit.has(name);
  }

  /**
   * Declares `name` here and returns its unique name.
   * @param how `assigned` by `:=`, `declared` by `some`, `some … in`, `every` or a parameter
   */
  declare(name: string, how: 'assigned' | 'declared' = 'declared'): string {
    const ahead = this.pending.delete(name) ? this.declared.get(name) : undefined;
    const u = ahead ?? this.namer.fresh(name);
    this.declared.set(name, u);
    this.how.set(name, how);
    return u;
  }

  /** How `name` was declared in this very scope (`assigned` or `declared`), for OPA's messages. */
  declaredHow(name: string): 'assigned' | 'declared' {
    return this.how.get(name) ?? 'declared';
  }

  /**
   * Records a variable declared by `some x` (without `in`) or by `every`, which OPA requires
   * to be used.
   */
  declareSome(name: string, loc: SourceLocation): string {
    const u = this.declare(name);
    this.someDeclared.set(u, { name, loc });
    return u;
  }

  /** Records a use of the declared variable `unique`. */
  markUsed(unique: string): void {
    this.someDeclared.delete(unique);
  }

  /**
   * OPA's check of declared variables (rewriteDeclaredVars): a `some x` that nothing in its body
   * uses is `declared var x unused`.
   */
  unusedDeclared(): RegoError[] {
    return [...this.someDeclared.values()].map(
      ({ name, loc }) => new RegoError('rego_compile_error', `declared var ${name} unused`, loc),
    );
  }

  /** The unique name of the undeclared variable `name` as used in this scope. */
  implicitName(name: string): string {
    let owner: Scope = this;
    for (let s: Scope | undefined = this.parent; s; s = s.parent) if (s.mentioned.has(name)) owner = s;
    let u = owner.implicit.get(name);
    if (!u) {
      u = owner.namer.fresh(name);
      owner.implicit.set(name, u);
    }
    this.noteUse(u, owner);
    return u;
  }

  /** Records that `unique` (owned by `owner`) is used here, marking it outer for scopes in between. */
  noteUse(unique: string, owner: Scope): void {
    for (let s: Scope | undefined = this; s && s !== owner; s = s.parent) s.outer.add(unique);
  }

  /** The scope that declares `name` (for {@link noteUse}). */
  declaringScope(name: string): Scope | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) if (s.declared.has(name)) return s;
    return undefined;
  }
}

/**
 * Variable names a body uses at its own level without declaring them there (`:=`, `some`):
 * nested bodies share these; declared ones are visible to nested bodies only after their
 * declaration.
 */
export function mentionedVars(body: Body, extra: readonly Term[] = []): Set<string> {
  const out = new Set<string>();
  for (const t of extra) termVars(t, out);
  for (const lit of body) literalVars(lit, out);
  for (const lit of body) for (const name of declaredBy(lit)) out.delete(name);
  return out;
}

function declaredBy(lit: Literal): string[] {
  const e = lit.expr;
  const out = new Set<string>();
  if (e.type === 'some') for (const v of e.vars) out.add(v.name);
  if (e.type === 'somein') {
    if (e.key) termVars(e.key, out);
    termVars(e.value, out);
  }
  if (e.type === 'unify' && e.assign) termVars(e.left, out);
  return [...out];
}

function literalVars(lit: Literal, out: Set<string>): void {
  exprVars(lit.expr, out);
  for (const w of lit.withs) termVars(w.value, out);
}

function exprVars(e: Expr, out: Set<string>): void {
  switch (e.type) {
    case 'term':
      termVars(e.term, out);
      break;
    case 'unify':
      termVars(e.left, out);
      termVars(e.right, out);
      break;
    case 'some':
      for (const v of e.vars) out.add(v.name);
      break;
    case 'somein':
      if (e.key) termVars(e.key, out);
      termVars(e.value, out);
      termVars(e.collection, out);
      break;
    case 'every':
      termVars(e.domain, out);
      break;
    case 'logic':
      operandVars(e.left, out);
      operandVars(e.right, out);
      break;
    case 'group':
      operandVars(e.operand, out);
      break;
  }
}

/** An implicit operand's variables are its enclosing body's; an explicit one keeps its own. */
function operandVars(o: Operand, out: Set<string>): void {
  if (!o.explicit) for (const lit of o.body) literalVars(lit, out);
}

/** Names of the variables of `t` (not looking into comprehensions). */
export function termVars(t: Term, out: Set<string> = new Set()): Set<string> {
  switch (t.type) {
    case 'var':
      out.add(t.name);
      break;
    case 'ref':
      termVars(t.head, out);
      for (const p of t.path) termVars(p, out);
      break;
    case 'call':
      for (const a of t.args) termVars(a, out);
      break;
    case 'array':
    case 'set':
      for (const i of t.items) termVars(i, out);
      break;
    case 'object':
      for (const [k, v] of t.entries) {
        termVars(k, out);
        termVars(v, out);
      }
      break;
    default:
      break;
  }
  return out;
}
