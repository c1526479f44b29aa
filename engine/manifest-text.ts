/**
 * A directory model written back as a Topaz manifest (v3 YAML): what the model API's
 * `GetManifest` returns for a store whose model was parsed from a file. Comments and layout of
 * the original file are not kept; the types, relations and permissions are, in their order.
 */

import type { DirectoryModel, PermissionModel, RelationTerm } from '@gatehousejs/directory';
import { stringify } from '@gatehousejs/rego/yaml';

const OPERATORS: Readonly<Record<PermissionModel['operator'], string>> = {
  union: ' | ',
  intersection: ' & ',
  exclusion: ' - ',
};

function relationTermText(term: RelationTerm): string {
  switch (term.kind) {
    case 'direct':
      return term.type;
    case 'wildcard':
      return `${term.type}:*`;
    case 'subjectSet':
      return `${term.type}#${term.relation}`;
  }
}

function permissionText(permission: PermissionModel): string {
  return permission.terms
    .map((term) => (term.base === undefined ? term.name : `${term.base}->${term.name}`))
    .join(OPERATORS[permission.operator]);
}

/**
 * Renders `model` as manifest YAML that `parseManifest` reads back to the same model.
 *
 * @example
 * renderManifest(parseManifest('model: {version: 3}\ntypes:\n  user: {}\n')); // 'model:\n  version: 3\ntypes:\n  user: {}\n'
 */
export function renderManifest(model: DirectoryModel): string {
  const types: Record<string, Record<string, Record<string, string>>> = {};
  for (const [name, type] of model.types) {
    const entry: Record<string, Record<string, string>> = {};
    if (type.relations.size > 0) {
      entry.relations = Object.fromEntries(
        [...type.relations].map(([relation, def]) => [relation, def.terms.map(relationTermText).join(' | ')]),
      );
    }
    if (type.permissions.size > 0) {
      entry.permissions = Object.fromEntries(
        [...type.permissions].map(([permission, def]) => [permission, permissionText(def)]),
      );
    }
    types[name] = entry;
  }
  return stringify({ model: { version: 3 }, types });
}
