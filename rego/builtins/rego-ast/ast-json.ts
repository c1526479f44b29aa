/**
 * The engine's Rego syntax tree in the shape of OPA's AST JSON, as `rego.parse_module` returns
 * it (no locations): terms as `{type, value}` (`null`'s value `{}`, objects as `[key, value]`
 * pairs, calls and operators as refs), and body expressions as `{index, terms, negated, with}`
 * where a call expression's terms are `[operator, args…]`, `some` is `{symbols}` and `every`
 * is `{key, value, domain, body}`.
 */
import type { Body, Literal, Term } from '../../syntax/index.ts';
import { makeObject, type Value } from '../../value/index.ts';

/** An object value from entries whose values may be absent (absent ones are left out, as Go's `omitempty`). */
export function jsonObject(entries: Record<string, Value | undefined>): Value {
  return makeObject(Object.entries(entries).filter((e): e is [string, Value] => e[1] !== undefined));
}

const typed = (type: string, value: Value): Value => jsonObject({ type, value });

/** A dotted name (`internal.member_2`, `data.lib.f`) as OPA's operator ref. */
export function operatorRef(name: string): Value {
  const [first, ...rest] = name.split('.');
  return typed('ref', [typed('var', first as string), ...rest.map((s) => typed('string', s))]);
}

/** A term as OPA's JSON. */
export function termJson(t: Term): Value {
  switch (t.type) {
    case 'scalar': {
      const v = t.value;
      if (v === null) return typed('null', makeObject([]));
      return typed(typeof v === 'boolean' ? 'boolean' : typeof v === 'string' ? 'string' : 'number', v);
    }
    case 'var':
      // OPA's parser reads the root documents as refs.
      return t.name === 'input' || t.name === 'data'
        ? typed('ref', [typed('var', t.name)])
        : typed('var', t.name);
    case 'ref':
      return typed('ref', [
        t.head.type === 'var' ? typed('var', t.head.name) : termJson(t.head),
        ...t.path.map(termJson),
      ]);
    case 'call':
      return typed('call', [operatorRef(t.name), ...t.args.map(termJson)]);
    case 'array':
      return typed('array', t.items.map(termJson));
    case 'set':
      return typed('set', t.items.map(termJson));
    case 'object':
      return typed(
        'object',
        t.entries.map(([k, v]) => [termJson(k), termJson(v)]),
      );
    case 'arraycomp':
      return typed('arraycomprehension', jsonObject({ term: termJson(t.head), body: bodyJson(t.body) }));
    case 'setcomp':
      return typed('setcomprehension', jsonObject({ term: termJson(t.head), body: bodyJson(t.body) }));
    case 'objectcomp':
      return typed(
        'objectcomprehension',
        jsonObject({ key: termJson(t.key), value: termJson(t.value), body: bodyJson(t.body) }),
      );
  }
}

function exprTerms(lit: Literal): Value {
  const e = lit.expr;
  switch (e.type) {
    case 'term':
      return e.term.type === 'call'
        ? [operatorRef(e.term.name), ...e.term.args.map(termJson)]
        : termJson(e.term);
    case 'unify':
      return [operatorRef(e.assign ? 'assign' : 'eq'), termJson(e.left), termJson(e.right)];
    case 'some':
      return jsonObject({ symbols: e.vars.map(termJson) });
    case 'somein': {
      const args = [...(e.key ? [e.key] : []), e.value, e.collection].map(termJson);
      const member = e.key ? 'internal.member_3' : 'internal.member_2';
      return jsonObject({ symbols: [typed('call', [operatorRef(member), ...args])] });
    }
    case 'every':
      return jsonObject({
        key: e.key ? termJson(e.key) : null,
        value: termJson(e.value),
        domain: termJson(e.domain),
        body: bodyJson(e.body),
      });
    case 'logic':
    case 'group':
      // `rego.parse_module` reads OPA v1.15.2's syntax, which has no `and`/`or` or not bodies.
      throw new Error(`rego.parse_module: ${e.type} expressions are not in OPA v1.15.2's syntax`);
  }
}

/** A body as OPA's JSON: its expressions with their indexes. */
export function bodyJson(body: Body): Value {
  return body.map((lit, index) =>
    jsonObject({
      index,
      negated: lit.negated ? true : undefined,
      terms: exprTerms(lit),
      with: lit.withs.length
        ? lit.withs.map((w) => jsonObject({ target: termJson(w.target), value: termJson(w.value) }))
        : undefined,
    }),
  );
}

/** The body OPA gives a rule written without one: `true`. */
export const TRUE_BODY: Value = [jsonObject({ index: 0, terms: typed('boolean', true) })];
