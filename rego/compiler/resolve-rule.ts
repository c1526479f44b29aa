/**
 * Resolution of whole modules: the rule tree is built from the rules' head paths, checked for
 * conflicts, then every rule (head, parameters, body, `else` branches) is resolved against its
 * package, imports and the tree.
 */

import type { BuiltinRegistry } from '../builtin.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../opa-version.ts';
import type { Body, Module, Rule, Term } from '../syntax/index.ts';
import { affixGuards } from './affix-guards.ts';
import { andOperandReadsFirst, hoistOperands, inputReadsFirst } from './call-operands.ts';
import type { IrElse, IrLiteral, IrRule, IrTerm } from './ir.ts';
import { MetadataIndex } from './metadata.ts';
import { patternVars, reportUnusedDeclared, resolveBody } from './resolve-body.ts';
import { compileError, type ResolveContext, withOuter } from './resolve-context.ts';
import { resolveTerm } from './resolve-term.ts';
import { checkRuleTree, classifyRuleTree, RuleNode, type RuleShape } from './rule-tree.ts';
import { mentionedVars, Scope, VarNamer } from './scope.ts';
import type { StageFindings } from './stage-findings.ts';

/** A resolved rule with what the rule tree needs. */
export interface ResolvedRule extends IrRule, RuleShape {}

/** Splits a head ref into its static path (leading names) and the dynamic rest. */
function splitRef(rule: Rule): { path: string[]; dynamic: readonly Term[] } {
  const path = [rule.name];
  let i = 1;
  for (; i < rule.ref.length; i++) {
    const t = rule.ref[i] as Term;
    if (t.type !== 'scalar' || typeof t.value !== 'string') break;
    path.push(t.value);
  }
  return { path, dynamic: rule.ref.slice(i) };
}

function shapeOf(rule: Rule, dynamicLength: number): RuleShape {
  return {
    kind: rule.kind,
    isDefault: rule.isDefault,
    dynamicLength,
    arity: rule.args.length,
    loc: rule.loc,
  };
}

/**
 * Resolves `modules` into a rule tree whose nodes hold {@link ResolvedRule}s. Throws
 * `rego_compile_error` for what OPA's `RewriteLocalVars` refuses; records in `findings` what
 * later stages refuse (rule conflicts, unknown functions, arity, deprecated built-ins).
 */
export function resolveModules(
  modules: readonly Module[],
  builtins: BuiltinRegistry,
  opaVersion: OpaVersion,
  findings: StageFindings,
): RuleNode<ResolvedRule> {
  const shapes = new RuleNode<RuleShape>([]);
  const ruleNames = new Map<string, Set<string>>();
  for (const m of modules) {
    const key = m.packagePath.join('.');
    const names = ruleNames.get(key) ?? new Set<string>();
    ruleNames.set(key, names);
    for (const r of m.rules) {
      const { path, dynamic } = splitRef(r);
      names.add(r.name);
      let node = shapes;
      for (const k of [...m.packagePath, ...path]) node = node.child(k);
      node.rules.push(shapeOf(r, dynamic.length));
    }
  }
  const conflict = classifyRuleTree(shapes);
  if (conflict) findings.record('conflicts', conflict);

  const tree = new RuleNode<ResolvedRule>([]);
  const metadata = new MetadataIndex(modules, (r) => splitRef(r).path);
  for (const m of modules) {
    const cx: ResolveContext = {
      file: m.file,
      pkg: m.packagePath,
      imports: importAliases(m),
      ruleNames: ruleNames.get(m.packagePath.join('.')) ?? new Set(),
      tree: shapes,
      builtins,
      opaVersion,
      syntax: m.version,
      resolveBody,
      findings,
    };
    for (const r of m.rules) {
      const path = [...m.packagePath, ...splitRef(r).path];
      const resolved = resolveRule({ ...cx, metadata: metadata.of(r, m.packagePath, path) }, r);
      let node = tree;
      for (const k of resolved.path) node = node.child(k);
      node.rules.push(resolved);
    }
    let pkgNode = tree;
    for (const k of m.packagePath) pkgNode = pkgNode.child(k);
  }
  if (!conflict) checkRuleTree(tree);
  return tree;
}

function importAliases(m: Module): Map<string, readonly string[]> {
  const aliases = new Map<string, readonly string[]>();
  for (const imp of m.imports) {
    if (imp.path[0] === 'future' || imp.path[0] === 'rego') continue;
    const alias = imp.alias ?? (imp.path[imp.path.length - 1] as string);
    if (aliases.has(alias))
      compileError('rego_compile_error', `import must not shadow import ${alias}`, imp.loc);
    aliases.set(alias, imp.path);
  }
  return aliases;
}

/**
 * A rule body, led by the affix tests OPA v1.22's rule index makes before evaluating it and by
 * the constant `input` reads the index requires.
 */
function guardedBody(cx: ResolveContext, body: Body, scope: Scope): IrLiteral[] {
  const guards = opaAtLeast(cx.opaVersion ?? DEFAULT_OPA_VERSION, 'v1.22.2')
    ? affixGuards(cx, body, scope)
    : [];
  return [...guards, ...inputReadsFirst(resolveBody(cx, body, scope, false))];
}

/** Declares a function's parameters; OPA refuses a parameter named after a root document. */
function declareParams(args: readonly Term[], scope: Scope): void {
  for (const a of args)
    for (const name of patternVars(a)) {
      if (name === 'input' || name === 'data')
        compileError(
          'rego_compile_error',
          `args must not shadow ${name} (use a different variable name)`,
          a.loc,
        );
      scope.declare(name);
    }
}

function resolveRule(cx: ResolveContext, rule: Rule): ResolvedRule {
  const { path, dynamic } = splitRef(rule);
  const headTerms = [
    ...rule.args,
    ...dynamic,
    ...(rule.key ? [rule.key] : []),
    ...(rule.value ? [rule.value] : []),
  ];
  const scope = new Scope(undefined, new VarNamer(), mentionedVars(rule.body, headTerms));
  declareParams(rule.args, scope);
  const literals = guardedBody(cx, rule.body, scope);
  // A template string as a parameter is computed in the body (it may use variables the body
  // binds) and compared with the argument, as OPA does.
  const args = rule.args.map((a) => {
    scope.resolvingHead = true;
    const resolved = resolveTerm(cx, a, scope);
    scope.resolvingHead = false;
    if (resolved.k !== 'call' || resolved.callee.kind !== 'template') return resolved;
    const param: IrTerm = { k: 'var', name: scope.namer.fresh('$param'), loc: resolved.loc };
    literals.push({ expr: { k: 'unify', left: param, right: resolved }, withs: [], loc: resolved.loc });
    return param;
  });
  // OPA moves a call in the head into the body, where its operands are evaluated first.
  const headOperands = (t: Term): IrTerm => {
    const resolved = resolveTerm(cx, t, scope);
    if (resolved.k !== 'call' || rule.isDefault) return resolved;
    const hoisted = hoistOperands({ k: 'term', term: resolved }, [], rule.loc, scope, {
      outputCall: false,
      negated: false,
      query: false,
    });
    literals.push(...hoisted.before);
    return hoisted.expr.k === 'term' ? hoisted.expr.term : resolved;
  };
  const fullPath = [...cx.pkg, ...path];
  const elses: IrElse[] = rule.elses.map((e) => {
    const s = new Scope(undefined, scope.namer, mentionedVars(e.body, [...rule.args, e.value]));
    declareParams(rule.args, s);
    const elseArgs = rule.args.map((a) => resolveTerm(cx, a, s));
    const body = guardedBody(cx, e.body, s);
    s.resolvingHead = true;
    const value = resolveTerm(cx, e.value, s);
    reportUnusedDeclared(cx, s);
    return {
      value,
      body: withOuter(bindArgs(elseArgs, args, body), s),
      loc: e.loc,
    };
  });
  const dyn = dynamic.map((t) => resolveTerm(cx, t, scope));
  scope.resolvingHead = true;
  const key = rule.key && headOperands(rule.key);
  const value = rule.value && headOperands(rule.value);
  scope.resolvingHead = false;
  reportUnusedDeclared(cx, scope);
  return {
    kind: rule.kind,
    isDefault: rule.isDefault,
    path: fullPath,
    dynamic: dyn,
    dynamicLength: dyn.length,
    arity: args.length,
    key,
    value,
    args,
    body: withOuter(andOperandReadsFirst(inputReadsFirst(literals)), scope),
    elses,
    loc: rule.loc,
    name: ['data', ...fullPath].join('.'),
  };
}

/**
 * An `else` branch sees the parameters under its own variable names; it is evaluated in the
 * frame of the first definition, so its parameter variables are unified with the first's.
 */
function bindArgs(own: readonly IrTerm[], first: readonly IrTerm[], body: IrLiteral[]): IrLiteral[] {
  const bindings: IrLiteral[] = own.map((t, i) => ({
    expr: { k: 'unify', left: t, right: first[i] as IrTerm },
    withs: [],
    loc: t.loc,
  }));
  return [...bindings, ...body];
}
