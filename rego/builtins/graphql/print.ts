/**
 * GraphQL source text of an AST object in the shape OPA's GraphQL built-ins return (gqlparser's
 * structs as JSON), so the built-ins that accept an AST object in place of text can parse it
 * again. Fields missing from the object read as gqlparser's zero values.
 */
import type { JsonValue } from '../../value/index.ts';
import { GraphQLProblem } from './problem.ts';

type Node = { readonly [key: string]: JsonValue };

function obj(v: JsonValue | undefined): Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
}

function list(v: JsonValue | undefined): Node[] {
  return Array.isArray(v) ? v.map(obj) : [];
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function names(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.map((x) => str(x)) : [];
}

function describe(n: Node): string {
  const d = str(n.Description);
  return d === '' ? '' : `${JSON.stringify(d)} `;
}

function typeText(t: Node): string {
  const inner = t.Elem ? `[${typeText(obj(t.Elem))}]` : str(t.NamedType);
  return t.NonNull === true ? `${inner}!` : inner;
}

function valueText(v: Node): string {
  const raw = str(v.Raw);
  switch (v.Kind) {
    case 0:
      return `$${raw}`;
    case 3:
    case 4:
      return JSON.stringify(raw);
    case 8:
      return `[${list(v.Children)
        .map((c) => valueText(obj(c.Value)))
        .join(', ')}]`;
    case 9:
      return `{${list(v.Children)
        .map((c) => `${str(c.Name)}: ${valueText(obj(c.Value))}`)
        .join(', ')}}`;
    default:
      return raw;
  }
}

function argumentsText(args: JsonValue | undefined): string {
  const xs = list(args);
  return xs.length === 0 ? '' : `(${xs.map((a) => `${str(a.Name)}: ${valueText(obj(a.Value))}`).join(', ')})`;
}

function directivesText(ds: JsonValue | undefined): string {
  return list(ds)
    .map((d) => ` @${str(d.Name)}${argumentsText(d.Arguments)}`)
    .join('');
}

function selectionsText(s: JsonValue | undefined): string {
  const xs = list(s);
  if (xs.length === 0) return '';
  // gqlparser decodes every selection of an AST object as a field (fragments included).
  const parts = xs.map((x) => {
    const name = str(x.Name);
    if (name === '')
      throw new GraphQLProblem('GraphQL parse error: a selection of the AST object has no field name');
    const alias = str(x.Alias) !== '' && x.Alias !== x.Name ? `${str(x.Alias)}: ` : '';
    return `${alias}${name}${argumentsText(x.Arguments)}${directivesText(x.Directives)}${selectionsText(x.SelectionSet)}`;
  });
  return ` { ${parts.join(' ')} }`;
}

function variablesText(vs: JsonValue | undefined): string {
  const xs = list(vs);
  if (xs.length === 0) return '';
  const parts = xs.map((v) => {
    const def = v.DefaultValue ? ` = ${valueText(obj(v.DefaultValue))}` : '';
    return `$${str(v.Variable)}: ${typeText(obj(v.Type))}${def}${directivesText(v.Directives)}`;
  });
  return `(${parts.join(', ')})`;
}

/** Query text of a `QueryDocument` object. */
export function queryDocumentText(doc: JsonValue): string {
  const d = obj(doc);
  const ops = list(d.Operations).map((o) => {
    const name = str(o.Name);
    return `${str(o.Operation) || 'query'}${name ? ` ${name}` : ''}${variablesText(o.VariableDefinitions)}${directivesText(o.Directives)}${selectionsText(o.SelectionSet)}`;
  });
  const fragments = list(d.Fragments).map(
    (f) =>
      `fragment ${str(f.Name)} on ${str(f.TypeCondition)}${directivesText(f.Directives)}${selectionsText(f.SelectionSet)}`,
  );
  return [...ops, ...fragments].join('\n');
}

function inputValueText(a: Node): string {
  const def = a.DefaultValue ? ` = ${valueText(obj(a.DefaultValue))}` : '';
  return `${describe(a)}${str(a.Name)}: ${typeText(obj(a.Type))}${def}${directivesText(a.Directives)}`;
}

function fieldText(f: Node): string {
  const args = list(f.Arguments);
  const argText = args.length === 0 ? '' : `(${args.map(inputValueText).join(', ')})`;
  return `${describe(f)}${str(f.Name)}${argText}: ${typeText(obj(f.Type))}${directivesText(f.Directives)}`;
}

function block(items: string[]): string {
  return items.length === 0 ? '' : ` { ${items.join('\n')} }`;
}

function definitionText(d: Node, extend: boolean): string {
  const head = `${extend ? 'extend ' : describe(d)}`;
  const name = str(d.Name);
  const dirs = directivesText(d.Directives);
  switch (d.Kind) {
    case 'SCALAR':
      return `${head}scalar ${name}${dirs}`;
    case 'UNION': {
      const types = names(d.Types);
      return `${head}union ${name}${dirs}${types.length ? ` = ${types.join(' | ')}` : ''}`;
    }
    case 'ENUM':
      return `${head}enum ${name}${dirs}${block(list(d.EnumValues).map((v) => `${describe(v)}${str(v.Name)}${directivesText(v.Directives)}`))}`;
    case 'INPUT_OBJECT':
      return `${head}input ${name}${dirs}${block(list(d.Fields).map(inputValueText))}`;
    default: {
      const keyword = d.Kind === 'INTERFACE' ? 'interface' : 'type';
      const ifaces = names(d.Interfaces);
      const impl = ifaces.length ? ` implements ${ifaces.join(' & ')}` : '';
      return `${head}${keyword} ${name}${impl}${dirs}${block(list(d.Fields).map(fieldText))}`;
    }
  }
}

function schemaText(s: Node, extend: boolean): string {
  const ops = list(s.OperationTypes).map((o) => `${str(o.Operation)}: ${str(o.Type)}`);
  return `${extend ? 'extend ' : describe(s)}schema${directivesText(s.Directives)}${block(ops)}`;
}

/** Schema text (SDL) of a `SchemaDocument` object. */
export function schemaDocumentText(doc: JsonValue): string {
  const d = obj(doc);
  return [
    ...list(d.Schema).map((s) => schemaText(s, false)),
    ...list(d.SchemaExtension).map((s) => schemaText(s, true)),
    ...list(d.Directives).map((x) => {
      const args = list(x.Arguments);
      const argText = args.length === 0 ? '' : `(${args.map(inputValueText).join(', ')})`;
      return `${describe(x)}directive @${str(x.Name)}${argText}${x.IsRepeatable === true ? ' repeatable' : ''} on ${names(x.Locations).join(' | ')}`;
    }),
    ...list(d.Definitions).map((x) => definitionText(x, false)),
    ...list(d.Extensions).map((x) => definitionText(x, true)),
  ].join('\n');
}
