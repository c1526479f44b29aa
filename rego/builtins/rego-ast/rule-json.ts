/**
 * Rules in the shape of OPA's AST JSON: `{default, head, body, else}` with the head's `name`,
 * `ref`, `args`, `key`, `value` and `assign` set as OPA's parser sets them, which depends on how
 * the rule was written (`:=`, `=`, `contains`, with or without a body), read back from the
 * rule's tokens.
 */
import { type Rule, type Term, tokenize } from '../../syntax/index.ts';
import type { Value } from '../../value/index.ts';
import { bodyJson, jsonObject, TRUE_BODY, termJson } from './ast-json.ts';

/** The operator after a rule's head: `:=`, `=`, `contains`, or none. */
type HeadOperator = ':=' | '=' | 'contains' | undefined;

/** Finds, for a rule or `else` location, the operator that follows its head. */
export function headOperators(source: string, file: string): (line: number, column: number) => HeadOperator {
  const tokens = tokenize(source, file);
  const at = new Map(tokens.map((t, i) => [`${t.loc.line}:${t.loc.column}`, i]));
  const operator = (i: number): HeadOperator => {
    const t = tokens[i];
    if (t?.kind === 'punct' && (t.text === ':=' || t.text === '=')) return t.text;
    return t?.kind === 'ident' && t.text === 'contains' ? 'contains' : undefined;
  };
  return (line, column) => {
    let i = at.get(`${line}:${column}`);
    if (i === undefined) return undefined;
    const first = tokens[i];
    if (first?.kind === 'ident' && first.text === 'else') return operator(i + 1);
    if (first?.kind === 'ident' && first.text === 'default') i++;
    i++;
    for (;;) {
      const t = tokens[i];
      if (!t || t.spaced || t.kind !== 'punct' || !'.[('.includes(t.text)) break;
      if (t.text === '.') {
        i += 2;
        continue;
      }
      let depth = 0;
      do {
        const u = tokens[i++];
        if (u?.kind === 'punct' && '[('.includes(u.text)) depth++;
        if (u?.kind === 'punct' && '])'.includes(u.text)) depth--;
        if (!u || u.kind === 'eof') return undefined;
      } while (depth > 0);
    }
    return operator(i);
  };
}

function isGround(t: Term): boolean {
  switch (t.type) {
    case 'scalar':
      return true;
    case 'array':
    case 'set':
      return t.items.every(isGround);
    case 'object':
      return t.entries.every(([k, v]) => isGround(k) && isGround(v));
    default:
      return false;
  }
}

interface HeadFields {
  name: string | undefined;
  key: Term | undefined;
  value: Term | undefined;
  assign: boolean;
}

function headFields(rule: Rule, op: HeadOperator): HeadFields {
  const { ref } = rule;
  const single = ref.length === 1 ? rule.name : undefined;
  const assign = op === ':=';
  if (rule.kind === 'multi') return { name: single, key: rule.key, value: undefined, assign: false };
  if (rule.isDefault || rule.kind === 'function' || ref.length !== 2)
    return { name: single, key: undefined, value: rule.value, assign };
  const second = ref[1] as Term;
  if (rule.body.length === 0) {
    // A statement without a body (`p.q := 1`) is read as a partial object rule `p[q]`.
    return { name: rule.name, key: op ? second : undefined, value: rule.value, assign };
  }
  const key = !isGround(second) || second.type === 'ref' ? second : undefined;
  return { name: op ? rule.name : undefined, key, value: rule.value, assign };
}

function headJson(rule: Rule, f: HeadFields): Value {
  return jsonObject({
    name: f.name,
    ref: rule.ref.map(termJson),
    args: rule.args.length ? rule.args.map(termJson) : undefined,
    key: f.key ? termJson(f.key) : undefined,
    value: f.value ? termJson(f.value) : undefined,
    assign: f.assign ? true : undefined,
  });
}

/** A rule as OPA's JSON; `operatorAt` tells how its head (and each `else`) was written. */
export function ruleJson(rule: Rule, operatorAt: (line: number, column: number) => HeadOperator): Value {
  const fields = headFields(rule, operatorAt(rule.loc.line, rule.loc.column));
  let elseJson: Value | undefined;
  for (const clause of [...rule.elses].reverse()) {
    const op = operatorAt(clause.loc.line, clause.loc.column);
    const clauseFields = { ...fields, value: clause.value, assign: op ? op === ':=' : fields.assign };
    elseJson = jsonObject({
      head: headJson(rule, clauseFields),
      body: clause.body.length ? bodyJson(clause.body) : TRUE_BODY,
      else: elseJson,
    });
  }
  return jsonObject({
    default: rule.isDefault ? true : undefined,
    head: headJson(rule, fields),
    body: rule.body.length ? bodyJson(rule.body) : TRUE_BODY,
    else: elseJson,
  });
}
