/**
 * GraphQL schema documents (parsed by `graphql`) as gqlparser's `SchemaDocument` JSON, pruned as
 * OPA prunes it: definitions, extensions, directive definitions and schema blocks.
 */
import type {
  ConstDirectiveNode,
  DefinitionNode,
  DocumentNode,
  EnumValueDefinitionNode,
  FieldDefinitionNode,
  InputValueDefinitionNode,
  NamedTypeNode,
  NameNode,
  OperationTypeDefinitionNode,
  StringValueNode,
} from '../../graphql-library.ts';
import { Kind } from '../../graphql-library.ts';
import { directivesAst, type Json, type JsonObject, pruneAst, stringText, typeAst, valueAst } from './ast.ts';

function description(d: { description?: StringValueNode | undefined }): string {
  return d.description ? stringText(d.description) : '';
}

function inputValueAst(a: InputValueDefinitionNode): JsonObject {
  return {
    Description: description(a),
    Name: a.name.value,
    DefaultValue: a.defaultValue ? valueAst(a.defaultValue) : null,
    Type: typeAst(a.type),
    Directives: directivesAst(a.directives),
  };
}

function fieldAst(f: FieldDefinitionNode): JsonObject {
  return {
    Description: description(f),
    Name: f.name.value,
    Arguments: (f.arguments ?? []).map(inputValueAst),
    Type: typeAst(f.type),
    Directives: directivesAst(f.directives),
  };
}

function operationTypesAst(ops: readonly OperationTypeDefinitionNode[] | undefined): Json[] {
  return (ops ?? []).map((o) => ({ Operation: o.operation, Type: o.type.name.value }));
}

/** gqlparser's `DefinitionKind` of a type definition or extension, or undefined for others. */
function definitionKind(d: DefinitionNode): string | undefined {
  switch (d.kind) {
    case Kind.SCALAR_TYPE_DEFINITION:
    case Kind.SCALAR_TYPE_EXTENSION:
      return 'SCALAR';
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.OBJECT_TYPE_EXTENSION:
      return 'OBJECT';
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_EXTENSION:
      return 'INTERFACE';
    case Kind.UNION_TYPE_DEFINITION:
    case Kind.UNION_TYPE_EXTENSION:
      return 'UNION';
    case Kind.ENUM_TYPE_DEFINITION:
    case Kind.ENUM_TYPE_EXTENSION:
      return 'ENUM';
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_EXTENSION:
      return 'INPUT_OBJECT';
    default:
      return undefined;
  }
}

/** The parts of a type definition or extension that gqlparser's `Definition` keeps. */
interface TypeDefinitionParts {
  readonly name: NameNode;
  readonly description?: StringValueNode | undefined;
  readonly directives?: readonly ConstDirectiveNode[] | undefined;
  readonly interfaces?: readonly NamedTypeNode[] | undefined;
  readonly fields?: readonly (FieldDefinitionNode | InputValueDefinitionNode)[] | undefined;
  readonly types?: readonly NamedTypeNode[] | undefined;
  readonly values?: readonly EnumValueDefinitionNode[] | undefined;
}

function typeDefinitionAst(d: TypeDefinitionParts, kind: string): JsonObject {
  return {
    Kind: kind,
    Description: description(d),
    Name: d.name.value,
    Directives: directivesAst(d.directives),
    Interfaces: (d.interfaces ?? []).map((i) => i.name.value),
    Fields: (d.fields ?? []).map((f) => (f.kind === Kind.FIELD_DEFINITION ? fieldAst(f) : inputValueAst(f))),
    Types: (d.types ?? []).map((t) => t.name.value),
    EnumValues: (d.values ?? []).map((v) => ({
      Description: description(v),
      Name: v.name.value,
      Directives: directivesAst(v.directives),
    })),
    BuiltIn: false,
  };
}

/** A parsed schema document as gqlparser's `SchemaDocument`, pruned. */
export function schemaDocumentAst(doc: DocumentNode): Json {
  const out: Record<string, Json[]> = {
    Schema: [],
    SchemaExtension: [],
    Directives: [],
    Definitions: [],
    Extensions: [],
  };
  for (const d of doc.definitions) {
    const kind = definitionKind(d);
    if (kind !== undefined) {
      const extension = d.kind.endsWith('Extension');
      (extension ? out.Extensions : out.Definitions)?.push(typeDefinitionAst(d as TypeDefinitionParts, kind));
    } else if (d.kind === Kind.SCHEMA_DEFINITION) {
      out.Schema?.push({
        Description: description(d),
        Directives: directivesAst(d.directives),
        OperationTypes: operationTypesAst(d.operationTypes),
      });
    } else if (d.kind === Kind.SCHEMA_EXTENSION) {
      out.SchemaExtension?.push({
        Description: '',
        Directives: directivesAst(d.directives),
        OperationTypes: operationTypesAst(d.operationTypes),
      });
    } else if (d.kind === Kind.DIRECTIVE_DEFINITION) {
      out.Directives?.push({
        Description: description(d),
        Name: d.name.value,
        Arguments: (d.arguments ?? []).map(inputValueAst),
        Locations: d.locations.map((l) => l.value),
        IsRepeatable: d.repeatable,
      });
    }
  }
  return pruneAst(out);
}
