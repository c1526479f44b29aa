/**
 * GraphQL query documents (parsed by `graphql`) in the shape OPA's GraphQL built-ins return: the
 * structs of gqlparser (the Go library OPA uses) as JSON, with positions, nulls and empty
 * lists/objects pruned, as OPA prunes them. Comments are not kept. Values, types and directives
 * are shared with schema documents (`graphql-schema-ast.ts`).
 */
import type {
  ArgumentNode,
  ConstDirectiveNode,
  DirectiveNode,
  DocumentNode,
  SelectionNode,
  StringValueNode,
  TypeNode,
  ValueNode,
  VariableDefinitionNode,
} from '../../graphql-library.ts';
import { Kind } from '../../graphql-library.ts';

/** A JSON value of the AST before pruning. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** gqlparser's `ValueKind` numbers. */
const VALUE_KINDS: Readonly<Record<string, number>> = {
  [Kind.VARIABLE]: 0,
  [Kind.INT]: 1,
  [Kind.FLOAT]: 2,
  [Kind.STRING]: 3,
  [Kind.BOOLEAN]: 5,
  [Kind.NULL]: 6,
  [Kind.ENUM]: 7,
  [Kind.LIST]: 8,
  [Kind.OBJECT]: 9,
};

/** OPA's pruning: nulls and (after pruning) empty arrays and objects are dropped. */
export function pruneAst(v: Json): Json {
  if (Array.isArray(v)) {
    const out: Json[] = [];
    for (const x of v) {
      if (x === null) continue;
      const p = pruneAst(x);
      if (typeof p === 'object' && p !== null && Object.keys(p).length === 0) continue;
      out.push(p);
    }
    return out;
  }
  if (typeof v === 'object' && v !== null) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) {
      if (x === null || k === 'Position') continue;
      const p = pruneAst(x);
      if (typeof p === 'object' && p !== null && Object.keys(p).length === 0) continue;
      out[k] = p;
    }
    return out;
  }
  return v;
}

/** Leading blanks of `line`, or undefined when it is all blanks (gqlparser's `leadingWhitespace`). */
function indentOf(line: string): number | undefined {
  const i = line.search(/[^ \t]/);
  return i < 0 ? undefined : i;
}

/**
 * A string's value as gqlparser reads it. Block strings differ from the GraphQL spec (and the
 * `graphql` library): the first line counts toward the common indentation removed.
 */
export function stringText(node: StringValueNode): string {
  if (!node.block || !node.loc) return node.value;
  const raw = node.loc.source.body.slice(node.loc.start + 3, node.loc.end - 3).replaceAll('\\"""', '"""');
  const lines = raw.split('\n');
  let common: number | undefined;
  for (const line of lines) {
    const indent = indentOf(line);
    if (indent !== undefined && (common === undefined || indent < common)) common = indent;
  }
  if (common !== undefined) {
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      lines[i] = line.length < common ? '' : line.slice(common);
    }
  }
  let start = 0;
  let end = lines.length;
  while (start < end && indentOf(lines[start] as string) === undefined) start++;
  while (start < end && indentOf(lines[end - 1] as string) === undefined) end--;
  return lines.slice(start, end).join('\n');
}

export function valueAst(v: ValueNode): JsonObject {
  const kind = v.kind === Kind.STRING && v.block ? 4 : (VALUE_KINDS[v.kind] as number);
  const base = { ExpectedTypeHasDefault: false, Kind: kind };
  switch (v.kind) {
    case Kind.VARIABLE:
      return { ...base, Raw: v.name.value };
    case Kind.STRING:
      return { ...base, Raw: stringText(v) };
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.ENUM:
      return { ...base, Raw: v.value };
    case Kind.BOOLEAN:
      return { ...base, Raw: String(v.value) };
    case Kind.NULL:
      return { ...base, Raw: 'null' };
    case Kind.LIST:
      return { ...base, Raw: '', Children: v.values.map((x) => ({ Name: '', Value: valueAst(x) })) };
    case Kind.OBJECT:
      return {
        ...base,
        Raw: '',
        Children: v.fields.map((f) => ({ Name: f.name.value, Value: valueAst(f.value) })),
      };
  }
}

export function typeAst(t: TypeNode): JsonObject {
  if (t.kind === Kind.NON_NULL_TYPE) return { ...typeAst(t.type), NonNull: true };
  if (t.kind === Kind.LIST_TYPE) return { NamedType: '', Elem: typeAst(t.type), NonNull: false };
  return { NamedType: t.name.value, NonNull: false };
}

function argumentsAst(args: readonly ArgumentNode[] | undefined): Json[] {
  return (args ?? []).map((a) => ({ Name: a.name.value, Value: valueAst(a.value) }));
}

export function directivesAst(ds: readonly (DirectiveNode | ConstDirectiveNode)[] | undefined): Json[] {
  return (ds ?? []).map((d) => ({ Name: d.name.value, Arguments: argumentsAst(d.arguments), Location: '' }));
}

function selectionsAst(s: { selections: readonly SelectionNode[] } | undefined): Json[] {
  return (s?.selections ?? []).map((x): Json => {
    if (x.kind === Kind.FIELD) {
      return {
        Alias: x.alias?.value ?? x.name.value,
        Name: x.name.value,
        Arguments: argumentsAst(x.arguments),
        Directives: directivesAst(x.directives),
        SelectionSet: selectionsAst(x.selectionSet),
      };
    }
    if (x.kind === Kind.FRAGMENT_SPREAD)
      return { Name: x.name.value, Directives: directivesAst(x.directives) };
    return {
      TypeCondition: x.typeCondition?.name.value ?? '',
      Directives: directivesAst(x.directives),
      SelectionSet: selectionsAst(x.selectionSet),
    };
  });
}

function variablesAst(vs: readonly VariableDefinitionNode[] | undefined): Json[] {
  return (vs ?? []).map((v) => ({
    Variable: v.variable.name.value,
    Type: typeAst(v.type),
    DefaultValue: v.defaultValue ? valueAst(v.defaultValue) : null,
    Directives: directivesAst(v.directives),
    Used: false,
  }));
}

/** A parsed query document as gqlparser's `QueryDocument`, pruned. */
export function queryDocumentAst(doc: DocumentNode): Json {
  const operations: Json[] = [];
  const fragments: Json[] = [];
  for (const d of doc.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) {
      operations.push({
        Operation: d.operation,
        Name: d.name?.value ?? '',
        VariableDefinitions: variablesAst(d.variableDefinitions),
        Directives: directivesAst(d.directives),
        SelectionSet: selectionsAst(d.selectionSet),
      });
    } else if (d.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.push({
        Name: d.name.value,
        VariableDefinition: variablesAst(d.variableDefinitions),
        TypeCondition: d.typeCondition.name.value,
        Directives: directivesAst(d.directives),
        SelectionSet: selectionsAst(d.selectionSet),
      });
    }
  }
  return pruneAst({ Operations: operations, Fragments: fragments });
}
